// The dev IdP's stand-in of reCAPTCHA's api.js (served at {IDP_URL}/recaptcha/api.js, dev only):
// the same `grecaptcha` API the login page uses with Google's widget (render, execute, reset,
// getResponse; `?onload=` names the function to call once loaded). Like Google's, it works in a
// frame of its own origin: render() adds the frame ({IDP_URL}/recaptcha/frame, recaptcha-frame.ts)
// beside the badge, execute() asks the frame by postMessage, and the frame asks the dev IdP for a
// response token of the site key and posts it back. So the page's Content-Security-Policy needs a
// frame-src for the widget and no connect-src, as with Google's, and the same widget answers at
// Google's URLs when a test routes them here. The invisible check always passes without a
// challenge; accounts:sendVerificationCode verifies the token once within two minutes. Tokens
// expire like Google's: two minutes after the check, the widget forgets the token and calls the
// page's expired-callback. Like Google's, it speaks the language api.js's `hl` names.
import { DEV_LOGIN_STRINGS } from "../../src/auth/dev-login-strings";
import { RECAPTCHA_TOKEN_LIFETIME_MS } from "../../src/auth/recaptcha";
import { localeOfTag } from "../../src/i18n/locales";
import type { Grecaptcha, RecaptchaParameters, WithGrecaptcha } from "../recaptcha/grecaptcha";
import { type ExecuteRequest, frameMessage } from "./recaptcha-messages";

interface Widget {
  parameters: RecaptchaParameters;
  badge: HTMLElement;
  frame: HTMLIFrameElement;
  /** The frame said it listens: requests can be posted to it. */
  ready: boolean;
  /** The request whose answer the widget waits for; 0 when none (another answer is dropped). */
  pending: number;
  requests: number;
  response: string;
  expiry: ReturnType<typeof setTimeout> | undefined;
}

const script = document.currentScript instanceof HTMLScriptElement ? new URL(document.currentScript.src) : null;
/** {IDP_URL}/recaptcha (or wherever api.js was loaded from): the frame sits under it. */
const base = script ? script.href.slice(0, script.href.lastIndexOf("/")) : "";
const frameOrigin = script?.origin ?? "";
/** `hl` as Google reads it, else the browser's language, else English. */
const strings =
  DEV_LOGIN_STRINGS[localeOfTag(script?.searchParams.get("hl") ?? "") ?? localeOfTag(navigator.language ?? "") ?? "en"]
    .recaptcha;
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

function ask(found: Widget): void {
  const request: ExecuteRequest = { type: "dev-recaptcha:execute", id: found.pending };
  found.frame.contentWindow?.postMessage(request, frameOrigin);
}

function solved(found: Widget, token: string): void {
  forget(found);
  found.response = token;
  found.expiry = setTimeout(() => {
    forget(found);
    found.parameters["expired-callback"]();
  }, RECAPTCHA_TOKEN_LIFETIME_MS);
  found.parameters.callback(token);
}

// Only a widget's own frame is heard: the message's window must be that frame's and its origin
// the one api.js came from (another frame, window or site cannot hand the page a token).
addEventListener("message", (event) => {
  if (event.origin !== frameOrigin || event.source === null) return;
  const found = widgets.find((candidate) => candidate.frame.contentWindow === event.source);
  const message = found ? frameMessage(event.data) : null;
  if (!found || !message) return;
  if (message.type === "dev-recaptcha:ready") {
    found.ready = true;
    if (found.pending) ask(found);
    return;
  }
  if (message.id !== found.pending) return;
  found.pending = 0;
  if (message.type === "dev-recaptcha:token") return solved(found, message.token);
  if (message.message) found.badge.textContent = message.message;
  found.parameters["error-callback"]();
});

const grecaptcha: Grecaptcha = {
  render(container, parameters) {
    const badge = document.createElement("p");
    badge.className = "dev-recaptcha-badge";
    badge.textContent = strings.badge;
    const frame = document.createElement("iframe");
    frame.title = strings.frameTitle;
    frame.src = `${base}/frame?${new URLSearchParams({ k: parameters.sitekey, origin: location.origin })}`;
    // The invisible widget shows no challenge: the frame takes no room, the badge says it is there.
    Object.assign(frame.style, { display: "block", width: "0", height: "0", border: "0" });
    container.replaceChildren(badge, frame);
    const found: Widget = {
      parameters,
      badge,
      frame,
      ready: false,
      pending: 0,
      requests: 0,
      response: "",
      expiry: undefined,
    };
    return widgets.push(found) - 1;
  },
  execute(widgetId) {
    const found = widget(widgetId);
    found.requests += 1;
    found.pending = found.requests;
    // Before the frame is ready, the request waits for its ready message.
    if (found.ready) ask(found);
  },
  reset(widgetId) {
    const found = widget(widgetId);
    forget(found);
    found.pending = 0;
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
