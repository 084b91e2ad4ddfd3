import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonInput, smallJsonBody } from "../../../src/worker-kit/input";
import { DevRecaptchaTokens } from "../recaptcha-tokens";

const tokenRequest = z.strictObject({ siteKey: z.string().min(1).max(100) });

/**
 * The dev stand-in of reCAPTCHA (dev only, offline): GET /recaptcha/api.js is a script with
 * grecaptcha's explicit-render API (browser/dev-idp/recaptcha.ts, built into public/idp/), whose
 * frame (GET /recaptcha/frame, recaptcha-frame.ts) POSTs /recaptcha/token from this origin: that is
 * where the widget is "solved". It hands out a response token for the dev site key, which
 * accounts:sendVerificationCode then verifies once, within two minutes. Only the frame calls it,
 * from its own origin, so it answers no CORS; a request for another site key is refused, as
 * Google's widget refuses a key it does not know. GET /v1/recaptchaParams answers the site key as
 * the provider does (the call an operator makes for IDP_RECAPTCHA_SITE_KEY, README "Deploy").
 */
export function recaptchaRoutes(clock: () => number) {
  return new Hono<AppEnv>()
    .get("/v1/recaptchaParams", (c) =>
      c.json({
        kind: "identitytoolkit#GetRecaptchaParamResponse",
        recaptchaSiteKey: c.get("config").idp.recaptchaSiteKey,
      }),
    )
    .get("/recaptcha/api.js", async (c) => {
      const script = await c.env.ASSETS.fetch(new Request("https://assets.local/idp/recaptcha.js"));
      if (script.status !== 200) throw new ApiError(404, "not_found", "The dev reCAPTCHA script is not built.");
      return new Response(script.body, {
        headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" },
      });
    })
    .post("/recaptcha/token", smallJsonBody, async (c) => {
      const { siteKey } = await jsonInput(c.req.raw, tokenRequest);
      if (siteKey !== c.get("config").idp.recaptchaSiteKey) {
        throw new ApiError(400, "invalid_site_key", "ERROR for site owner: Invalid site key.");
      }
      c.header("cache-control", "no-store");
      return c.json({ token: await new DevRecaptchaTokens(c.env.SESSIONS, clock).issue(siteKey) });
    });
}
