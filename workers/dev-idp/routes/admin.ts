import { Hono } from "hono";
import { z } from "zod";
import { checkCustomTokenInput } from "../../../src/idp/custom-token";
import { IdpError } from "../../../src/idp/identity-provider";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { devIdpOf } from "../dev-idp";
import { hashPassword } from "../password";
import { SocialRedirectUris } from "../social-redirects";
import { newUid } from "../user-store";

const claimsBody = z.object({ claims: z.record(z.string(), z.unknown()) });
const redirectUriBody = z.object({
  uri: z
    .string()
    .max(2048)
    .refine((uri) => URL.canParse(uri) && /^https?:$/.test(new URL(uri).protocol) && !uri.includes("#")),
});
const newAccountBody = z.object({
  email: z.email().max(254),
  password: z.string().min(6).max(128),
  emailVerified: z.boolean().default(false),
});

/**
 * Dev-only account administration (what the provider's admin SDK does in stg/prd):
 * POST /admin/users {email, password, emailVerified?} creates an email + password account, like
 * createUser;
 * PUT/POST /admin/users/{uid}/claims {claims} replaces the user's custom claims, like
 * setCustomUserClaims; they appear in the user's next ID token (sign-in or refresh);
 * GET/POST /admin/social-redirect-uris {uri} lists or registers a social sign-in redirect URI, as
 * an operator does in each social provider's console (../social-redirects.ts).
 */
export const adminRoutes = new Hono<AppEnv>()
  .post("/admin/users", async (c) => {
    // Email + password accounts are created here (the admin SDK's createUser), never by the
    // login page (document 1, Authentication 8).
    const parsed = newAccountBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      throw new ApiError(
        400,
        "invalid_body",
        'The body must be JSON like {"email": "a@example.com", "password": "at least 6"}.',
      );
    }
    const idp = await devIdpOf(c);
    const email = parsed.data.email.toLowerCase();
    if (await idp.users.byEmail(email)) throw new ApiError(409, "email_exists", "An account with this email exists.");
    const user = {
      uid: newUid(),
      email,
      emailVerified: parsed.data.emailVerified,
      phoneNumber: null,
      passwordHash: await hashPassword(parsed.data.password),
      customClaims: {},
      createdAt: Date.now(),
    };
    await idp.users.put(user);
    return c.json({ uid: user.uid, email, emailVerified: user.emailVerified }, 201);
  })
  .get("/admin/users/:uid", async (c) => {
    const idp = await devIdpOf(c);
    const user = await idp.users.get(c.req.param("uid"));
    if (!user) throw new ApiError(404, "user_not_found", `No dev IdP user has uid ${c.req.param("uid")}.`);
    const { passwordHash: _, ...visible } = user;
    return c.json(visible);
  })
  .get("/admin/social-redirect-uris", async (c) =>
    c.json({ redirectUris: await new SocialRedirectUris(c.env.SESSIONS, c.get("config")).list() }),
  )
  .post("/admin/social-redirect-uris", async (c) => {
    const parsed = redirectUriBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      throw new ApiError(
        400,
        "invalid_body",
        'The body must be JSON like {"uri": "https://auth.example.com/login/callback"} (http(s), no fragment).',
      );
    }
    const redirectUris = await new SocialRedirectUris(c.env.SESSIONS, c.get("config")).register(parsed.data.uri);
    return c.json({ redirectUris });
  })
  .on(["PUT", "POST"], "/admin/users/:uid/claims", async (c) => {
    const parsed = claimsBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      throw new ApiError(400, "invalid_body", 'The body must be JSON like {"claims": {"admin": true}}.');
    }
    const uid = c.req.param("uid");
    try {
      checkCustomTokenInput(uid, parsed.data.claims);
    } catch (error) {
      if (error instanceof IdpError) throw new ApiError(400, error.code, error.message);
      throw error;
    }
    const idp = await devIdpOf(c);
    const user = await idp.users.get(uid);
    if (!user) throw new ApiError(404, "user_not_found", `No dev IdP user has uid ${uid}.`);
    await idp.users.put({ ...user, customClaims: parsed.data.claims });
    return c.json({ uid, customClaims: parsed.data.claims });
  });
