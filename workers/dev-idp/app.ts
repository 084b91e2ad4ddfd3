import type { Context } from "hono";
import { cors } from "hono/cors";
import { createApp } from "../../src/worker-kit/create-app";
import { handleError } from "../../src/worker-kit/errors";
import { ProviderError, providerErrorResponse } from "./provider-error";
import { accountDeleteRoutes } from "./routes/account-delete";
import { accountUpdateRoutes } from "./routes/account-update";
import { adminRoutes } from "./routes/admin";
import { adminAccountRoutes } from "./routes/admin-accounts";
import { basePageRoute } from "./routes/base-page";
import { benchRoutes } from "./routes/bench";
import { customTokenAccountRoutes } from "./routes/custom-token-accounts";
import { passwordAccountRoutes } from "./routes/password-accounts";
import { phoneAccountRoutes } from "./routes/phone-accounts";
import { recaptchaRoutes } from "./routes/recaptcha";
import { recaptchaFrameRoutes } from "./routes/recaptcha-frame";
import { socialAccountRoutes } from "./routes/social-accounts";
import { tokenRoutes } from "./routes/token";
import { devSigningKeyFor } from "./signing-key";

export interface DevIdpDeps {
  /** Milliseconds since the epoch; tests move it to expire reCAPTCHA tokens without waiting. */
  clock: () => number;
}

/**
 * Local stand-in of the identity provider (dev only): the Identity Toolkit and securetoken REST
 * subset the platform uses, real RS256 ID tokens, their JWKS, the reCAPTCHA its phone sign-in
 * asks for, the admin calls (with Google's OAuth 2.0 token endpoint) and dev account
 * administration. Docs: docs/sign-in-dev.md.
 */
export function createDevIdpApp(deps: DevIdpDeps = { clock: () => Date.now() }) {
  const app = createApp("dev-idp");
  // Browsers call the provider's REST API cross-origin, as with the real one.
  app.use("/v1/*", cors({ origin: "*", allowMethods: ["POST", "OPTIONS"], allowHeaders: ["content-type"] }));
  app.use("/v1/*", async (c, next) => {
    // The project-scoped admin calls take a Google OAuth 2.0 credential instead (admin-accounts.ts).
    const admin = c.req.path.includes("/v1/projects/");
    if (!admin && c.req.method !== "OPTIONS" && c.req.query("key") !== c.get("config").idp.apiKey) {
      throw new ProviderError("API key not valid. Please pass a valid API key.");
    }
    await next();
  });
  app.get("/jwks", async (c) => {
    const key = await devSigningKeyFor(c.env);
    c.header("cache-control", "public, max-age=3600");
    return c.json({ keys: [key.publicJwk] });
  });
  app.route("/", passwordAccountRoutes);
  app.route("/", phoneAccountRoutes(deps.clock));
  app.route("/", recaptchaRoutes(deps.clock));
  app.route("/", recaptchaFrameRoutes);
  app.route("/", socialAccountRoutes);
  app.route("/", customTokenAccountRoutes);
  app.route("/", accountUpdateRoutes);
  app.route("/", accountDeleteRoutes);
  app.route("/", tokenRoutes);
  app.route("/", adminAccountRoutes);
  app.route("/", adminRoutes);
  app.route("/", benchRoutes);
  app.route("/", basePageRoute);
  app.onError((error, c: Context) =>
    error instanceof ProviderError ? providerErrorResponse(error) : handleError(error, c),
  );
  return app;
}
