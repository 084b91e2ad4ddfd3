import { Hono } from "hono";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { devIdpOf, nowSeconds } from "../dev-idp";
import { ProviderError } from "../provider-error";
import { SocialRedirectUris } from "../social-redirects";
import { type DevUser, newUid } from "../user-store";
import { socialConsentPage } from "../views/social-consent-page";
import { UPDATES_REFUSED } from "./account-update";
import { providerBody, requiredString } from "./request-body";

/** The social providers the dev IdP stands in for; the first two vouch for the email address. */
const SOCIAL_PROVIDERS = ["google.com", "apple.com", "twitter.com", "facebook.com"] as const;
type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
const VERIFIES_EMAIL: ReadonlySet<string> = new Set(["google.com", "apple.com"]);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address without its query and fragment: where the provider's answer was sent. */
function withoutQuery(uri: string): string {
  if (!URL.canParse(uri)) return "";
  const url = new URL(uri);
  return `${url.origin}${url.pathname}`;
}

function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === "string" && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

/**
 * A provider that vouches for the address signs in to an account whose email nobody verified:
 * as with the real provider, the address's owner gets the account and whoever set the address
 * up loses it. Its password and other social sign-ins are removed, and every session signed in
 * before ends (tokens-valid-after now), so a pre-claimed address gives its claimer nothing.
 */
async function reclaimedByAddressOwner(
  users: { unlinkFederated(user: DevUser, providerIds: readonly string[]): Promise<void> },
  user: DevUser,
  providerId: string,
): Promise<DevUser> {
  await users.unlinkFederated(
    user,
    (user.socialProviders ?? []).filter((other) => other !== providerId),
  );
  return {
    ...user,
    emailVerified: true,
    passwordHash: null,
    socialProviders: [providerId],
    tokensValidAfter: nowSeconds(),
    sessionGeneration: (user.sessionGeneration ?? 0) + 1,
  };
}

/**
 * The provider's social redirect flow, with the dev IdP playing the social site:
 * accounts:createAuthUri (continueUri: a registered redirect URI, ../social-redirects.ts) returns
 * an authUri to a dev page where one types the email to sign in as; the page redirects to
 * continueUri with ?code&state, and accounts:signInWithIdp with that requestUri and the sessionId
 * signs the user in (sign_in_provider = the provider id). An
 * existing account of that email is reused when the provider vouches for the address (google.com,
 * apple.com; an unverified one is reclaimed, above); X and Facebook get needConfirmation instead,
 * as from the real provider. Linking (with idToken) is refused on an account the project's rule
 * closed to updates (a publish principal).
 */
export const socialAccountRoutes = new Hono<AppEnv>()
  .post("/v1/accounts:createAuthUri", async (c) => {
    const body = await providerBody(c, "createAuthUri");
    // The provider's email lookup (`identifier`) is not part of the dev IdP: a provider id is needed.
    const providerId = requiredString(body, "providerId", "MISSING_IDENTIFIER");
    if (!isSocialProvider(providerId)) throw new ProviderError("INVALID_PROVIDER_ID");
    const continueUri = requiredString(body, "continueUri", "MISSING_CONTINUE_URI");
    if (!URL.canParse(continueUri)) throw new ProviderError("INVALID_CONTINUE_URI");
    // The social site returns only to a redirect URI registered with it, exactly (query included).
    if (!(await new SocialRedirectUris(c.env.SESSIONS, c.get("config")).isRegistered(continueUri))) {
      throw new ProviderError(
        "UNAUTHORIZED_DOMAIN",
        "continueUri is not a redirect URI registered for social sign-in (exact match, query included)",
      );
    }
    const idp = await devIdpOf(c);
    const sessionId = await idp.users.startSocialSignIn({ providerId, continueUri });
    const authUri = new URL(c.req.url);
    authUri.pathname = authUri.pathname.replace(/\/v1\/accounts:createAuthUri$/, "/social/authorize");
    authUri.search = new URLSearchParams({ sessionId }).toString();
    return c.json({ kind: "identitytoolkit#CreateAuthUriResponse", authUri: authUri.href, providerId, sessionId });
  })
  .get("/social/authorize", async (c) => {
    const sessionId = c.req.query("sessionId") ?? "";
    const idp = await devIdpOf(c);
    const attempt = await idp.users.socialSignIn(sessionId);
    if (!attempt) throw new ProviderError("INVALID_SESSION_ID", "This sign-in attempt is unknown or has expired.");
    return c.html(socialConsentPage({ providerId: attempt.providerId, sessionId }));
  })
  .post("/social/authorize", async (c) => {
    const form = await c.req.parseBody();
    const sessionId = typeof form.sessionId === "string" ? form.sessionId : "";
    const email = typeof form.email === "string" ? form.email.trim().toLowerCase() : "";
    if (!EMAIL.test(email)) throw new ProviderError("INVALID_EMAIL");
    const idp = await devIdpOf(c);
    const attempt = await idp.users.socialSignIn(sessionId);
    if (!attempt) throw new ProviderError("INVALID_SESSION_ID", "This sign-in attempt is unknown or has expired.");
    const code = await idp.users.answerSocialSignIn(sessionId, { ...attempt, email });
    const back = new URL(attempt.continueUri);
    back.searchParams.set("code", code);
    back.searchParams.set("state", sessionId);
    return c.redirect(back.href, 302);
  })
  .post("/v1/accounts:signInWithIdp", async (c) => {
    const body = await providerBody(c, "signInWithIdp");
    const requestUri = requiredString(body, "requestUri", "MISSING_REQUEST_URI");
    const code = URL.canParse(requestUri) ? new URL(requestUri).searchParams.get("code") : null;
    if (!code) throw new ProviderError("INVALID_IDP_RESPONSE", "The request URI carries no authorization code.");
    const idp = await devIdpOf(c);
    const answer = await idp.users.redeemSocialCode(code);
    if (!answer || answer.sessionId !== body.sessionId) {
      throw new ProviderError(
        "INVALID_IDP_RESPONSE",
        "The authorization code is unknown, used or from another session.",
      );
    }
    // The code is exchanged with the redirect URI it was issued for, as OAuth 2 wants (RFC 6749, 4.1.3).
    if (withoutQuery(requestUri) !== withoutQuery(answer.continueUri)) {
      throw new ProviderError("INVALID_IDP_RESPONSE", "requestUri is not the address the code was sent to.");
    }
    const federated = {
      providerId: answer.providerId,
      federatedId: `https://${answer.providerId}/${answer.email}`,
      email: answer.email,
    };
    if (typeof body.idToken === "string") {
      // Linking: the social identity joins the account of the ID token, as with the provider.
      const linking = await idp.userOfIdToken(body.idToken);
      if (linking.updatesRefused) throw new ProviderError("OPERATION_NOT_ALLOWED", UPDATES_REFUSED);
      const owner =
        (await idp.users.byFederated(answer.providerId, answer.email)) ?? (await idp.users.byEmail(answer.email));
      if (owner && owner.uid !== linking.uid) throw new ProviderError("FEDERATED_USER_ID_ALREADY_LINKED");
      const linked = {
        ...linking,
        socialProviders: [...new Set([...(linking.socialProviders ?? []), answer.providerId])],
      };
      await idp.users.put(linked);
      await idp.users.linkFederated(answer.providerId, answer.email, linked.uid);
      const session = await idp.signIn(linked, answer.providerId);
      return c.json({ kind: "identitytoolkit#VerifyAssertionResponse", ...federated, isNewUser: false, ...session });
    }
    let user =
      (await idp.users.byFederated(answer.providerId, answer.email)) ?? (await idp.users.byEmail(answer.email));
    const isNewUser = !user;
    if (user && !user.socialProviders?.includes(answer.providerId)) {
      // Like the provider with one account per email: a provider that does not vouch for the
      // address may not take over an existing account; the user must sign in the old way first.
      if (!VERIFIES_EMAIL.has(answer.providerId)) {
        return c.json({ kind: "identitytoolkit#VerifyAssertionResponse", ...federated, needConfirmation: true });
      }
      user = user.emailVerified
        ? { ...user, socialProviders: [...(user.socialProviders ?? []), answer.providerId] }
        : await reclaimedByAddressOwner(idp.users, user, answer.providerId);
      await idp.users.put(user);
    }
    if (!user) {
      user = {
        uid: newUid(),
        email: answer.email,
        emailVerified: VERIFIES_EMAIL.has(answer.providerId),
        phoneNumber: null,
        passwordHash: null,
        customClaims: {},
        socialProviders: [answer.providerId],
        createdAt: Date.now(),
      };
      await idp.users.put(user);
    }
    const session = await idp.signIn(user, answer.providerId);
    return c.json({
      kind: "identitytoolkit#VerifyAssertionResponse",
      ...federated,
      emailVerified: user.emailVerified,
      isNewUser,
      ...session,
    });
  });
