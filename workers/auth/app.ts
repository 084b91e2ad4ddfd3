import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { identityProviderFor } from "../../src/idp";
import { createApp } from "../shared/create-app";
import { errorResponse } from "../shared/errors";
import { type AuthDeps, type AuthEnv, authServices } from "./auth-env";
import { assetRoutes } from "./routes/assets";
import { callbackRoutes } from "./routes/callback";
import { linkGrantRoutes } from "./routes/link-grant";
import { loginRoutes } from "./routes/login";
import { logoutRoutes } from "./routes/logout";
import { oauthTokenRoutes } from "./routes/oauth-token";
import { publishTokenRoutes } from "./routes/publish-tokens";
import { publishTokensPageRoutes } from "./routes/publish-tokens-page";
import { tokenRoutes } from "./routes/token";
import { transferRoutes } from "./routes/transfer";

/** Every body this app reads is a few tokens; anything larger is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

const DEFAULT_DEPS: AuthDeps = { clock: () => Date.now(), identityProvider: identityProviderFor };

/** Sign-in service (document 1): SSO, PKCE, transfer codes, publish tokens, consent, log intake. */
export function createAuthApp(deps: AuthDeps = DEFAULT_DEPS) {
  const routes = new Hono<AuthEnv>()
    .use(
      "/api/*",
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => errorResponse(413, "payload_too_large", `The body must be at most ${MAX_BODY_BYTES} bytes.`),
      }),
    )
    .use(authServices(deps))
    .route("/", loginRoutes)
    .route("/", callbackRoutes)
    .route("/", tokenRoutes)
    .route("/", transferRoutes)
    .route("/", linkGrantRoutes)
    .route("/", logoutRoutes)
    .route("/", publishTokenRoutes)
    .route("/", oauthTokenRoutes)
    .route("/", publishTokensPageRoutes)
    .route("/", assetRoutes);
  return createApp("auth").route("/", routes);
}
