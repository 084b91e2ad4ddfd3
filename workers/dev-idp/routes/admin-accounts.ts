import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import { JWT_BEARER_GRANT } from "../../../src/idp/admin-token";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  checkAssertion,
  mintAccessToken,
  OAuthRefusal,
  requireAdminCredential,
} from "../admin-credential";
import { devIdpOf, nowSeconds } from "../dev-idp";
import { FrontEndError, InvalidPayloadError, ProviderError } from "../provider-error";
import { providerUserInfo, userInfo } from "../user-info";
import type { DevUser } from "../user-store";
import { providerBody, requiredString } from "./request-body";

/**
 * The provider's admin side, as its admin SDK uses it: Google's OAuth 2.0 token endpoint (a
 * service-account assertion for an access token, RFC 7523) and the project-scoped account calls
 * that take that token instead of the API key: lookup by uid or by email (the account's
 * tokens-valid-after time, disabled flag, sign-in methods and claims) and update by uid (`validSince`: the SDK's revokeRefreshTokens;
 * `disableUser`).
 */
export const adminAccountRoutes = new Hono<AppEnv>()
  .post("/oauth2/token", async (c) => {
    const form = new URLSearchParams(await c.req.text());
    try {
      if (form.get("grant_type") !== JWT_BEARER_GRANT) {
        throw new OAuthRefusal("unsupported_grant_type", "Invalid grant_type.");
      }
      const assertion = form.get("assertion");
      if (!assertion) throw new OAuthRefusal("invalid_request", "Missing required parameter: assertion");
      // The assertion names the endpoint it is for: this one, at the dev IdP's own base URL.
      const own = c.get("config").apps["dev-idp"];
      const endpoint = own ? urlFor(own, "/oauth2/token") : "";
      const idp = await devIdpOf(c);
      const clientEmail = await checkAssertion(assertion, idp.config, endpoint);
      return c.json(
        {
          access_token: await mintAccessToken(idp.key, clientEmail, nowSeconds()),
          expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
          token_type: "Bearer",
        },
        200,
        { "cache-control": "no-store" },
      );
    } catch (error) {
      if (!(error instanceof OAuthRefusal)) throw error;
      return c.json({ error: error.error, error_description: error.description }, 400, {
        "cache-control": "no-store",
      });
    }
  })
  .use("/v1/projects/:projectId/*", async (c, next) => {
    const idp = await devIdpOf(c);
    await requireAdminCredential(c.req.header("authorization"), idp.key, idp.config);
    if (c.req.param("projectId") !== idp.config.projectId) {
      throw new FrontEndError(403, "PERMISSION_DENIED", "The caller does not have permission");
    }
    await next();
  })
  .post("/v1/projects/:projectId/accounts:lookup", async (c) => {
    const body = await providerBody(c, "adminLookup");
    const idp = await devIdpOf(c);
    const users: DevUser[] = [];
    for (const uid of new Set(body.localId ?? [])) {
      const user = await idp.users.get(uid);
      if (user) users.push(user);
    }
    for (const email of new Set(body.email ?? [])) {
      const user = await idp.users.byEmail(email);
      if (user && !users.some((found) => found.uid === user.uid)) users.push(user);
    }
    // Google leaves `users` out when no account matched.
    return c.json({
      kind: "identitytoolkit#GetAccountInfoResponse",
      ...(users.length > 0 ? { users: users.map(userInfo) } : {}),
    });
  })
  .post("/v1/projects/:projectId/accounts:update", async (c) => {
    const body = await providerBody(c, "adminUpdate");
    const uid = requiredString(body, "localId", "MISSING_LOCAL_ID");
    if (body.validSince !== undefined && !/^\d{1,15}$/.test(body.validSince)) {
      throw new InvalidPayloadError(`Invalid value at 'valid_since' (TYPE_INT64), "${body.validSince.slice(0, 40)}"`);
    }
    const idp = await devIdpOf(c);
    const user = await idp.users.get(uid);
    if (!user) throw new ProviderError("USER_NOT_FOUND");
    const disabling = body.disableUser === true && !user.disabled;
    const validSince = body.validSince !== undefined ? Number(body.validSince) : disabling ? nowSeconds() : undefined;
    const updated: DevUser = {
      ...user,
      ...(body.disableUser !== undefined ? { disabled: body.disableUser } : {}),
      // A revoke ends every session signed in before it, refresh tokens included.
      ...(validSince !== undefined
        ? { tokensValidAfter: validSince, sessionGeneration: (user.sessionGeneration ?? 0) + 1 }
        : {}),
    };
    await idp.users.put(updated);
    return c.json({
      kind: "identitytoolkit#SetAccountInfoResponse",
      localId: updated.uid,
      ...(updated.email ? { email: updated.email, emailVerified: updated.emailVerified } : {}),
      providerUserInfo: providerUserInfo(updated),
    });
  });
