import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf, nowSeconds } from "../dev-idp";
import { hashPassword } from "../password";
import { ProviderError } from "../provider-error";
import { providerUserInfo } from "../user-info";
import type { DevUser } from "../user-store";
import { checkNewPassword } from "./password-accounts";
import { providerBody, requiredString } from "./request-body";

/** How recent a sign-in must be to change the password (the provider's "recent login"). */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/** What the provider answers an email change under email enumeration protection. */
export const VERIFY_EMAIL_FIRST = "Please verify the new email before changing email.";
/** What the dev IdP answers any update of an account the project's rule closed (publish principals). */
export const UPDATES_REFUSED = "The project allows no change to this account's sign-in methods.";

/**
 * accounts:update (Identity Toolkit setAccountInfo) with the user's own ID token: a new password
 * for the account the token names, as the provider lets any holder of a recent ID token do. An
 * email is never changed here: the provider under email enumeration protection (on by default,
 * and what stg/prd use) answers OPERATION_NOT_ALLOWED and wants the new address verified first,
 * so nobody sets an address they do not own. An account the project's rule closed to updates (a
 * publish principal) is refused whatever the fields. Errors like the provider's: INVALID_REQ_TYPE
 * (no ID token), INVALID_ID_TOKEN, TOKEN_EXPIRED, USER_DISABLED, OPERATION_NOT_ALLOWED,
 * CREDENTIAL_TOO_OLD_LOGIN_AGAIN (signed in more than 5 minutes ago), WEAK_PASSWORD. A change ends
 * the account's sessions signed in before it (their refresh tokens answer TOKEN_EXPIRED) and, with
 * returnSecureToken, answers a new session.
 */
export const accountUpdateRoutes = new Hono<AppEnv>().post("/v1/accounts:update", async (c) => {
  const body = await providerBody(c, "update");
  // Without an ID token (or an action code, which the dev IdP does not issue) Google's update has
  // nothing to act on.
  const idToken = requiredString(body, "idToken", "INVALID_REQ_TYPE : Unsupported request parameters.");
  const idp = await devIdpOf(c);
  const { user, authTime, signInProvider } = await idp.sessionOfIdToken(idToken);
  if (user.updatesRefused) throw new ProviderError("OPERATION_NOT_ALLOWED", UPDATES_REFUSED);
  if (body.email !== undefined) throw new ProviderError("OPERATION_NOT_ALLOWED", VERIFY_EMAIL_FIRST);
  const { password } = body;
  if (password !== undefined) checkNewPassword(password);
  const changes = password !== undefined;
  if (changes && nowSeconds() - authTime > RECENT_LOGIN_SECONDS) {
    throw new ProviderError("CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
  }
  const updated: DevUser = {
    ...user,
    ...(password !== undefined ? { passwordHash: await hashPassword(password) } : {}),
    ...(changes ? { tokensValidAfter: nowSeconds(), sessionGeneration: (user.sessionGeneration ?? 0) + 1 } : {}),
  };
  await idp.users.replace(user, updated);
  const session = changes && body.returnSecureToken === true ? await idp.signIn(updated, signInProvider) : {};
  return c.json({
    kind: "identitytoolkit#SetAccountInfoResponse",
    localId: updated.uid,
    ...(updated.email ? { email: updated.email, emailVerified: updated.emailVerified } : {}),
    providerUserInfo: providerUserInfo(updated),
    ...session,
  });
});
