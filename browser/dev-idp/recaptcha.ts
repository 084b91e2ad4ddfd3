// The dev IdP's stand-in of reCAPTCHA's api.js (served at {IDP_URL}/recaptcha/api.js, dev only):
// the same `grecaptcha` API the login page uses with Google's widget (render, execute, reset,
// getResponse; `?onload=` names the function to call once loaded). The invisible check always
// passes without a challenge: execute() asks the dev IdP for a response token of the site key,
// which accounts:sendVerificationCode then verifies once within two minutes. Everything stays on
// this machine. Tokens expire like Google's: two minutes after the check, the widget forgets the
// token and calls the page's expired-callback.
import { RECAPTCHA_TOKEN_LIFETIME_MS } from "../../src/auth/recaptcha";
import type { Grecaptcha, RecaptchaParameters, WithGrecaptcha } from "../recaptcha/grecaptcha";

interface Widget {
  parameters: RecaptchaParameters;
  badge: HTMLElement;
  response: string;
  expiry: ReturnType<typeof setTimeout> | undefined;
}

const script = document.currentScript instanceof HTMLScriptElement ? new URL(document.currentScript.src) : null;
/** {IDP_URL}/recaptcha: api.js sits under it, and so does the token route. */
const base = script ? script.href.slice(0, script.href.lastIndexOf("/")) : "";
const widgets: Widget[] = [];

function widget(id: number): Widget {
  const found = widgets[id];
  if (!found) throw new Error(`reCAPTCHA: no widget ${id}`);
  return found;
}

function forget(found: Widget): void {
  clearTimeout(found.expiry);
  found.expiry = undefined;
  found.response = "";
}

async function solve(found: Widget): Promise<void> {
  let token: unknown;
  try {
    const answer = await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ siteKey: found.parameters.sitekey }),
    });
    const body = (await answer.json().catch(() => ({}))) as { token?: unknown; message?: string };
    if (!answer.ok) found.badge.textContent = body.message ?? "reCAPTCHA (dev): the check failed.";
    token = body.token;
  } catch {
    token = undefined;
  }
  if (typeof token !== "string") {
    found.parameters["error-callback"]();
    return;
  }
  forget(found);
  found.response = token;
  found.expiry = setTimeout(() => {
    forget(found);
    found.parameters["expired-callback"]();
  }, RECAPTCHA_TOKEN_LIFETIME_MS);
  found.parameters.callback(token);
}

const grecaptcha: Grecaptcha = {
  render(container, parameters) {
    const badge = document.createElement("p");
    badge.className = "dev-recaptcha-badge";
    badge.textContent = "Protected by reCAPTCHA (dev stand-in: checked on this machine)";
    container.replaceChildren(badge);
    return widgets.push({ parameters, badge, response: "", expiry: undefined }) - 1;
  },
  execute(widgetId) {
    void solve(widget(widgetId));
  },
  reset(widgetId) {
    forget(widget(widgetId));
  },
  getResponse(widgetId) {
    return widget(widgetId).response;
  },
};

(globalThis as WithGrecaptcha).grecaptcha = grecaptcha;
const onload = script?.searchParams.get("onload");
if (onload) {
  const ready = (globalThis as unknown as Record<string, unknown>)[onload];
  if (typeof ready === "function") ready();
}
