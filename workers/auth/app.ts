import { Hono } from "hono";
import { createApp } from "../../src/worker-kit/create-app";
import { bodyLimited } from "../../src/worker-kit/input";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { type AuthDeps, type AuthEnv, authServices } from "./auth-env";
import { assetRoutes } from "./routes/assets";
import { basePageRoute } from "./routes/base-page";
import { callbackRoutes } from "./routes/callback";
import { consentRoutes } from "./routes/consent";
import { legalRoutes } from "./routes/legal";
import { linkGrantRoutes } from "./routes/link-grant";
import { logRoutes } from "./routes/log";
import { loginRoutes } from "./routes/login";
import { loginStateRoutes } from "./routes/login-state";
import { logoutRoutes } from "./routes/logout";
import { oauthTokenRoutes } from "./routes/oauth-token";
import { publishTokenRoutes } from "./routes/publish-tokens";
import { publishTokensPageRoutes } from "./routes/publish-tokens-page";
import { sessionConsentRoutes } from "./routes/session-consent";
import { sessionRoutes } from "./routes/sessions";
import { sessionsPageRoutes } from "./routes/sessions-page";
import { smsAttemptRoutes } from "./routes/sms-attempt";
import { socialReturnRoutes } from "./routes/social-return";
import { tokenRoutes } from "./routes/token";
import { transferRoutes } from "./routes/transfer";
import { securityHeaders } from "./security-headers";

/** Every body this app reads is a few tokens; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

/** What every build hands the sign-in service but the ports (platform/app-ports.ts). */
export const defaultAuthDeps: Omit<AuthDeps, "termsAgreements"> = {
  clock: () => Date.now(),
  identityProvider: identityProviderFor,
  devAccounts: null,
};

/** Sign-in service (document 1): SSO, PKCE, transfer codes, publish tokens, consent, log intake. */
export function createAuthApp(deps: AuthDeps) {
  const routes = new Hono<AuthEnv>()
    .use("/api/*", bodyLimited(MAX_BODY_BYTES))
    .use("/sessions", bodyLimited(MAX_BODY_BYTES))
    .use(authServices(deps))
    .use(securityHeaders)
    .route("/", loginRoutes)
    .route("/", socialReturnRoutes)
    .route("/", loginStateRoutes)
    .route("/", smsAttemptRoutes)
    .route("/", callbackRoutes)
    .route("/", tokenRoutes)
    .route("/", transferRoutes)
    .route("/", linkGrantRoutes)
    .route("/", logoutRoutes)
    .route("/", sessionRoutes)
    .route("/", sessionsPageRoutes)
    .route("/", publishTokenRoutes)
    .route("/", oauthTokenRoutes)
    .route("/", publishTokensPageRoutes)
    .route("/", assetRoutes)
    .route("/", consentRoutes)
    .route("/", sessionConsentRoutes)
    .route("/", legalRoutes)
    .route("/", logRoutes(deps.clock))
    .route("/", basePageRoute);
  return createApp("auth").route("/", routes);
}
