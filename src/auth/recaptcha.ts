import { type BaseUrl, urlFor } from "../base-url";

/**
 * The reCAPTCHA the login page shows before the provider sends an SMS code: the provider refuses
 * `accounts:sendVerificationCode` from a web client without a `recaptchaToken` (docs/sign-in.md).
 * In stg and prd it is Google's invisible widget; in dev the dev IdP's stand-in with the same
 * API (browser/dev-idp/recaptcha.ts), served by the dev IdP, so dev needs no network. Both check
 * in a frame of their own and hand the page the token by postMessage: the page's CSP allows the
 * widget's script and frame, and no connection for it.
 */
export interface RecaptchaPage {
  /** api.js of the widget; the page adds `onload`, `render=explicit` and `hl`. */
  readonly scriptUrl: string;
  /** What the page's Content-Security-Policy must allow, and nothing more. */
  readonly scriptSources: readonly string[];
  readonly frameSources: readonly string[];
}

/** Google's api.js, and the sources its FAQ lists for a Content-Security-Policy. */
export const GOOGLE_RECAPTCHA: RecaptchaPage = {
  scriptUrl: "https://www.google.com/recaptcha/api.js",
  scriptSources: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
  frameSources: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
};

/** Path of the dev IdP's stand-in script, under IDP_URL (workers/dev-idp/routes/recaptcha.ts). */
export const DEV_RECAPTCHA_PATH = "/recaptcha/api.js";
/** Where the dev IdP serves the stand-in's script and its frame (/recaptcha/frame), under IDP_URL. */
const DEV_RECAPTCHA_SOURCE = "/recaptcha/";

/** The widget of this environment: the dev IdP's when it is mounted (dev), Google's otherwise. */
export function recaptchaPageFor(devIdp: BaseUrl | undefined): RecaptchaPage {
  if (!devIdp) return GOOGLE_RECAPTCHA;
  return {
    scriptUrl: urlFor(devIdp, DEV_RECAPTCHA_PATH),
    scriptSources: [urlFor(devIdp, DEV_RECAPTCHA_SOURCE)],
    frameSources: [urlFor(devIdp, DEV_RECAPTCHA_SOURCE)],
  };
}

/** A reCAPTCHA response token is valid for two minutes and can be verified once (Google's docs). */
export const RECAPTCHA_TOKEN_LIFETIME_MS = 2 * 60 * 1000;
