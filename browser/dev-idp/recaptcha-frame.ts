// The dev reCAPTCHA's frame ({IDP_URL}/recaptcha/frame?k=<site key>&origin=<the page's origin>,
// dev only), inlined into that page by workers/dev-idp/routes/recaptcha-frame.ts. The check runs
// here, as Google's runs in its own frame: the frame asks its own origin for the response token
// ({IDP_URL}/recaptcha/token), so the page needs no connect-src for it, and hands the token to
// the widget (recaptcha.ts) with postMessage. It answers only its parent window, only when that
// message comes from the origin it was given, and posts only to that origin (the page's
// frame-ancestors names it too, so no other site can embed it under that name).
import { type ExecuteAnswer, executeRequest, type FrameReady } from "./recaptcha-messages";

const query = new URLSearchParams(location.search);
const parentOrigin = query.get("origin");
const siteKey = query.get("k");

async function answer(id: number): Promise<ExecuteAnswer> {
  try {
    const response = await fetch(new URL("token", location.href), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ siteKey }),
    });
    const body = (await response.json().catch(() => ({}))) as { token?: unknown; message?: unknown };
    if (response.ok && typeof body.token === "string") return { type: "dev-recaptcha:token", id, token: body.token };
    const message = response.ok
      ? null
      : typeof body.message === "string"
        ? body.message
        : "reCAPTCHA (dev): the check failed.";
    return { type: "dev-recaptcha:error", id, message };
  } catch {
    // Unreachable: the widget calls the page's error-callback and keeps its badge.
    return { type: "dev-recaptcha:error", id, message: null };
  }
}

if (parentOrigin && siteKey && window.parent !== window) {
  const page = window.parent;
  addEventListener("message", (event) => {
    if (event.source !== page || event.origin !== parentOrigin) return;
    const request = executeRequest(event.data);
    if (!request) return;
    void answer(request.id).then((reply) => page.postMessage(reply, parentOrigin));
  });
  const ready: FrameReady = { type: "dev-recaptcha:ready" };
  page.postMessage(ready, parentOrigin);
}
