import { LOGIN_CONFIG_ID, type LoginPageConfig } from "../../../src/page-configs/login";
import type { EvtName } from "../../auth-log/auth-log";
import { byId, pageConfig } from "../kit/page";
import { loginFunnel } from "./funnel";

/** What every part of the login page's script shares: its config, status line, funnel and state. */
export const config = pageConfig<LoginPageConfig>(LOGIN_CONFIG_ID);
export const funnel = loginFunnel(config);
const status = byId("status");

/** One sign-in: its ID token and how it was made (the funnel names the method). */
export interface Attempt {
  idToken: string;
  signUp: boolean;
  method: EvtName;
  uid: string | undefined;
}

export function show(message: string): void {
  status.textContent = message;
}

export function consentBoxes(): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>('input[name="consent"]')];
}

/** The document keys whose boxes are ticked. */
export function consented(): string[] {
  return consentBoxes()
    .filter((box) => box.checked)
    .map((box) => box.value);
}

// The page's state is asked for when the person first signs in, not when the page opens:
// opening /login stores nothing (docs/decisions/0059-sign-in-hardening.md). One state serves every post of this page.
let statePromise: Promise<string> | null = null;

export function loginState(): Promise<string> {
  statePromise ??= (async () => {
    const response = await fetch(config.loginRequestUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(config.loginRequest),
    });
    const data = (await response.json().catch(() => ({}))) as { state?: unknown; message?: string };
    if (!response.ok || typeof data.state !== "string") {
      statePromise = null;
      throw new Error(data.message ?? config.errors.generic);
    }
    return data.state;
  })();
  return statePromise;
}

/** A same-origin JSON post of the page (the link grant's routes); its message on a refusal. */
export async function postJson<Answer>(url: string, body: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as Answer & { message?: string };
  if (!response.ok) throw new Error(data.message ?? config.errors.generic);
  return data;
}
