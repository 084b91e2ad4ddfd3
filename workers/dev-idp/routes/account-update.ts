import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf, nowSeconds } from "../dev-idp";
import { hashPassword } from "../password";
import { ProviderError } from "../provider-error";
import type { DevUser } from "../user-store";
import { checkNewPassword, EMAIL } from "./password-accounts";
import { providerBody, requiredString } from "./request-body";

/** How recent a sign-in must be to change email or password (the provider's "recent login"). */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/**
 * accounts:update (Identity Toolkit setAccountInfo) with the user's own ID token: a new email
 * and/or password for the account the token names, as the provider lets any holder of a recent ID
 * token do. Errors like the provider's: INVALID_REQ_TYPE (no ID token), INVALID_ID_TOKEN,
 * TOKEN_EXPIRED, CREDENTIAL_TOO_OLD_LOGIN_AGAIN (signed in more than 5 minutes ago), INVALID_EMAIL,
 * EMAIL_EXISTS, WEAK_PASSWORD. A change ends the account's sessions signed in before it (their refresh tokens
 * answer TOKEN_EXPIRED) and, with returnSecureToken, answers a new session. A new email is
 * unverified.
 */
export const accountUpdateRoutes = new Hono<AppEnv>().post("/v1/accounts:update", async (c) => {
  const body = await providerBody(c, "update");
  // Without an ID token (or an action code, which the dev IdP does not issue) Google's update has
  // nothing to act on.
  const idToken = requiredString(body, "idToken", "INVALID_REQ_TYPE : Unsupported request parameters.");
  const email = body.email?.toLowerCase();
  const { password } = body;
  if (email !== undefined && !EMAIL.test(email)) throw new ProviderError("INVALID_EMAIL");
  if (password !== undefined) checkNewPassword(password);

  const idp = await devIdpOf(c);
  const { user, authTime, signInProvider } = await idp.sessionOfIdToken(idToken);
  const changes = email !== undefined || password !== undefined;
  if (changes && nowSeconds() - authTime > RECENT_LOGIN_SECONDS) {
    throw new ProviderError("CREDENTIAL_TOO_OLD_LOGIN_AGAIN");
  }
  if (email !== undefined && email !== user.email) {
    const holder = await idp.users.byEmail(email);
    if (holder && holder.uid !== user.uid) throw new ProviderError("EMAIL_EXISTS");
  }
  const updated: DevUser = {
    ...user,
    ...(email !== undefined && email !== user.email ? { email, emailVerified: false } : {}),
    ...(password !== undefined ? { passwordHash: await hashPassword(password) } : {}),
    ...(changes ? { tokensValidAfter: nowSeconds(), sessionGeneration: (user.sessionGeneration ?? 0) + 1 } : {}),
  };
  await idp.users.replace(user, updated);
  const session = changes && body.returnSecureToken === true ? await idp.signIn(updated, signInProvider) : {};
  return c.json({
    kind: "identitytoolkit#SetAccountInfoResponse",
    localId: updated.uid,
    ...(updated.email ? { email: updated.email, emailVerified: updated.emailVerified } : {}),
    providerUserInfo: [
      ...(updated.passwordHash && updated.email ? [{ providerId: "password", email: updated.email }] : []),
      ...(updated.socialProviders ?? []).map((providerId) => ({ providerId })),
    ],
    ...session,
  });
});
