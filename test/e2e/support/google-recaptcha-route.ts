/** Google's reCAPTCHA URLs answered by the dev IdP's stand-in, for a browser that runs a stg/prd page offline. */
import type { BrowserContext } from "playwright-core";

/** What the prd login page loads (src/auth/recaptcha.ts GOOGLE_RECAPTCHA): api.js and the frame under it. */
const GOOGLE_RECAPTCHA = "https://www.google.com/recaptcha/";

/**
 * Makes the context answer `https://www.google.com/recaptcha/**` from `${devIdpUrl}/recaptcha/**`
 * (devIdpUrl: the dev IdP's base URL, e.g. http://127.0.0.1:8801/idp): the stand-in's api.js,
 * its frame and the frame's token request, path and query kept. route.fetch sends the browser's
 * own method, headers (content-type among them) and body; the answer keeps its status, headers and
 * body, so the frame's CSP comes through. To the page the widget is at Google's origin, so a page
 * whose CSP allows only Google's reCAPTCHA runs it. When the stand-in cannot be reached the
 * browser sees a failed request, as when Google cannot be.
 */
export async function routeGoogleRecaptcha(context: BrowserContext, devIdpUrl: string): Promise<void> {
  const standIn = `${devIdpUrl.replace(/\/+$/, "")}/recaptcha/`;
  await context.route(`${GOOGLE_RECAPTCHA}**`, async (route) => {
    const asked = new URL(route.request().url());
    const url = standIn + asked.pathname.slice(new URL(GOOGLE_RECAPTCHA).pathname.length) + asked.search;
    let response: Awaited<ReturnType<typeof route.fetch>>;
    try {
      response = await route.fetch({ url, maxRedirects: 0 });
    } catch {
      await route.abort("connectionrefused").catch(() => {});
      return;
    }
    await route.fulfill({ response });
  });
}
