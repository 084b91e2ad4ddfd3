import { Hono } from "hono";
import { identityProviderFor } from "../../src/idp";
import { createApp } from "../shared/create-app";
import { type AuthDeps, type AuthEnv, authServices } from "./auth-env";
import { assetRoutes } from "./routes/assets";
import { callbackRoutes } from "./routes/callback";
import { linkGrantRoutes } from "./routes/link-grant";
import { loginRoutes } from "./routes/login";
import { logoutRoutes } from "./routes/logout";
import { tokenRoutes } from "./routes/token";
import { transferRoutes } from "./routes/transfer";

const DEFAULT_DEPS: AuthDeps = { clock: () => Date.now(), identityProvider: identityProviderFor };

/** Sign-in service (document 1): SSO, PKCE, transfer codes, publish tokens, consent, log intake. */
export function createAuthApp(deps: AuthDeps = DEFAULT_DEPS) {
  const routes = new Hono<AuthEnv>()
    .use(authServices(deps))
    .route("/", loginRoutes)
    .route("/", callbackRoutes)
    .route("/", tokenRoutes)
    .route("/", transferRoutes)
    .route("/", linkGrantRoutes)
    .route("/", logoutRoutes)
    .route("/", assetRoutes);
  return createApp("auth").route("/", routes);
}
