import { Hono } from "hono";
import { isPublishPrincipalUid } from "../../../src/auth/publish-token";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { checkCustomToken } from "../custom-token-check";
import { devIdpOf } from "../dev-idp";
import { userInfo } from "../user-info";
import { providerBody, requiredString } from "./request-body";

/** accounts:signInWithCustomToken (the exchange the sign-in service relies on) and accounts:lookup. */
export const customTokenAccountRoutes = new Hono<AppEnv>()
  .post("/v1/accounts:signInWithCustomToken", async (c) => {
    const body = await providerBody(c, "signInWithCustomToken");
    const token = requiredString(body, "token", "MISSING_CUSTOM_TOKEN");
    const idp = await devIdpOf(c);
    const { uid, claims } = await checkCustomToken(token, idp.config.serviceAccount);
    let user = await idp.users.get(uid);
    const isNewUser = !user;
    if (!user) {
      // The provider creates the account on first sign-in with a custom token. A publish
      // principal's is created refusing updates and links (the project's rule, docs/decisions/0124-revocation-is-honoured-a-publish-principal.md).
      user = {
        uid,
        email: null,
        emailVerified: false,
        phoneNumber: null,
        passwordHash: null,
        customClaims: {},
        createdAt: Date.now(),
        ...(isPublishPrincipalUid(uid) ? { updatesRefused: true } : {}),
      };
      await idp.users.put(user);
    }
    // The provider answers no localId here (the uid is in the ID token).
    const { localId: _, ...session } = await idp.signIn(user, "custom", claims);
    return c.json({ kind: "identitytoolkit#VerifyCustomTokenResponse", ...session, isNewUser });
  })
  .post("/v1/accounts:lookup", async (c) => {
    const body = await providerBody(c, "lookup");
    const idToken = requiredString(body, "idToken", "MISSING_ID_TOKEN");
    const idp = await devIdpOf(c);
    const user = await idp.userOfIdToken(idToken);
    return c.json({ kind: "identitytoolkit#GetAccountInfoResponse", users: [userInfo(user)] });
  });
