import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf, nowSeconds } from "../dev-idp";
import { ProviderError } from "../provider-error";
import { RECENT_LOGIN_SECONDS } from "./account-update";
import { providerBody, requiredString } from "./request-body";

/**
 * accounts:delete with the user's own ID token, as the provider lets a recently signed-in user
 * delete their account: MISSING_ID_TOKEN, INVALID_ID_TOKEN, USER_NOT_FOUND (already deleted),
 * CREDENTIAL_TOO_OLD_LOGIN_AGAIN (signed in more than 5 minutes ago). The login page uses it to
 * remove an account that a sign-in meant for linking created by mistake.
 */
export const accountDeleteRoutes = new Hono<AppEnv>().post("/v1/accounts:delete", async (c) => {
  const body = await providerBody(c, "delete");
  const idToken = requiredString(body, "idToken", "MISSING_ID_TOKEN");
  const idp = await devIdpOf(c);
  const { user, authTime } = await idp.sessionOfIdToken(idToken);
  if (nowSeconds() - authTime > RECENT_LOGIN_SECONDS) throw new ProviderError("CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
  await idp.users.remove(user);
  return c.json({ kind: "identitytoolkit#DeleteAccountResponse" });
});
