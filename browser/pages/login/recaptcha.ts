import type { Grecaptcha, WithGrecaptcha } from "../../recaptcha/grecaptcha";
import { byId } from "../kit/page";
import { ProviderError } from "./errors";
import { config, funnel } from "./login-page";

// The invisible reCAPTCHA the provider asks for before it sends an SMS code (a web client's
// accounts:sendVerificationCode carries `recaptchaToken`). Google's widget in stg and prd, the dev
// IdP's stand-in with the same API in dev (src/auth/recaptcha.ts). Its funnel events (document 1):
// recaptcha render, solve, expire.

/** The global function the widget's script calls once it is loaded (`?onload=`). */
const LOADED_CALLBACK = "loginRecaptchaLoaded";

interface Rendered {
  api: Grecaptcha;
  id: number;
}

/** The check being solved: execute() answers through the widget's callbacks. */
let solving: { resolve(token: string): void; reject(error: Error): void } | null = null;

function render(api: Grecaptcha): Rendered {
  const id = api.render(byId("recaptcha"), {
    sitekey: config.recaptcha.siteKey,
    size: "invisible",
    badge: "inline",
    callback: (token) => {
      funnel.track("recaptcha", "solve", "signIn", "success");
      solving?.resolve(token);
      solving = null;
    },
    "expired-callback": () => {
      // The token lapsed unused (two minutes): the next code asks for a new check.
      funnel.track("recaptcha", "expire", "signIn", "failure", { error: new ProviderError("RECAPTCHA_EXPIRED") });
    },
    "error-callback": () => {
      const error = new ProviderError("RECAPTCHA_ERROR");
      funnel.track("recaptcha", "solve", "signIn", "failure", { error });
      funnel.flush();
      solving?.reject(error);
      solving = null;
    },
  });
  funnel.track("recaptcha", "render", "signIn", "success");
  return { api, id };
}

/** The widget, rendered once its script has loaded; null when it could not load. */
const widget: Promise<Rendered | null> = new Promise((resolve) => {
  const failed = (error: unknown) => {
    funnel.track("recaptcha", "render", "signIn", "failure", { error });
    funnel.flush();
    resolve(null);
  };
  (globalThis as unknown as Record<string, unknown>)[LOADED_CALLBACK] = () => {
    const api = (globalThis as WithGrecaptcha).grecaptcha;
    if (!api) return failed(new ProviderError("RECAPTCHA_NOT_LOADED"));
    try {
      resolve(render(api));
    } catch (error) {
      failed(new ProviderError(`RECAPTCHA_RENDER : ${error instanceof Error ? error.message : ""}`));
    }
  };
  const url = new URL(config.recaptcha.scriptUrl);
  url.searchParams.set("onload", LOADED_CALLBACK);
  url.searchParams.set("render", "explicit");
  url.searchParams.set("hl", document.documentElement.lang);
  const script = document.createElement("script");
  script.src = url.href;
  script.async = true;
  script.addEventListener("error", () => failed(new ProviderError("RECAPTCHA_NOT_LOADED")));
  document.head.append(script);
});

/** A response token for one accounts:sendVerificationCode: the invisible check, run now. */
export async function recaptchaToken(): Promise<string> {
  const rendered = await widget;
  if (!rendered) throw new ProviderError("RECAPTCHA_NOT_LOADED");
  const ready = rendered.api.getResponse(rendered.id);
  if (ready) return ready;
  const token = new Promise<string>((resolve, reject) => {
    solving?.reject(new ProviderError("RECAPTCHA_SUPERSEDED"));
    solving = { resolve, reject };
  });
  rendered.api.execute(rendered.id);
  return token;
}

/** A token is verified once: after each send, the next code needs a new check. */
export async function recaptchaUsed(): Promise<void> {
  const rendered = await widget;
  rendered?.api.reset(rendered.id);
}
