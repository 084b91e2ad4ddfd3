import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf, nowSeconds } from "../dev-idp";
import { ID_TOKEN_LIFETIME_SECONDS, mintIdToken } from "../id-token-minter";
import { ProviderError } from "../provider-error";
import { providerBody, requiredString } from "./request-body";

/** The project number the refresh answers as project_id (a real project's is its Google Cloud number). */
export const DEV_PROJECT_NUMBER = "100000000001";

/**
 * The securetoken refresh call: POST /v1/token?key= grant_type=refresh_token&refresh_token=...
 * (or JSON with grantType and refreshToken, as Google's parser takes either name). A fresh ID token
 * carries the user's current custom claims, so claim changes show up here.
 */
export const tokenRoutes = new Hono<AppEnv>().post("/v1/token", async (c) => {
  const body = await providerBody(c, "token");
  const grantType = requiredString(body, "grantType", "MISSING_GRANT_TYPE");
  if (grantType !== "refresh_token") throw new ProviderError("INVALID_GRANT_TYPE");
  const refreshToken = requiredString(body, "refreshToken", "MISSING_REFRESH_TOKEN");
  const idp = await devIdpOf(c);
  const grant = await idp.users.refreshGrant(refreshToken);
  if (!grant) throw new ProviderError("INVALID_REFRESH_TOKEN");
  const user = await idp.users.get(grant.uid);
  if (!user) throw new ProviderError("USER_NOT_FOUND");
  // A change of password, a revoke or disabling ends the sessions signed in before it, as with the provider.
  if (user.disabled) throw new ProviderError("USER_DISABLED");
  if ((grant.generation ?? 0) !== (user.sessionGeneration ?? 0)) throw new ProviderError("TOKEN_EXPIRED");
  const idToken = await mintIdToken(idp.key, {
    user,
    projectId: idp.config.projectId,
    signInProvider: grant.signInProvider,
    authTime: grant.authTime,
    sessionClaims: grant.sessionClaims,
    now: nowSeconds(),
  });
  return c.json({
    access_token: idToken,
    expires_in: String(ID_TOKEN_LIFETIME_SECONDS),
    token_type: "Bearer",
    refresh_token: refreshToken,
    id_token: idToken,
    user_id: user.uid,
    project_id: DEV_PROJECT_NUMBER,
  });
});
