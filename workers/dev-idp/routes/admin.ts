import { Hono } from "hono";
import { z } from "zod";
import { checkCustomTokenInput } from "../../../src/idp/custom-token";
import { IdpError } from "../../../src/idp/identity-provider";
import type { AppEnv } from "../../shared/app-env";
import { ApiError } from "../../shared/errors";
import { devIdpOf } from "../dev-idp";

const claimsBody = z.object({ claims: z.record(z.string(), z.unknown()) });

/**
 * Dev-only account administration (what the provider's admin SDK does in stg/prd):
 * PUT/POST /admin/users/{uid}/claims {claims} replaces the user's custom claims, like
 * setCustomUserClaims; they appear in the user's next ID token (sign-in or refresh).
 */
export const adminRoutes = new Hono<AppEnv>()
  .get("/admin/users/:uid", async (c) => {
    const idp = await devIdpOf(c);
    const user = await idp.users.get(c.req.param("uid"));
    if (!user) throw new ApiError(404, "user_not_found", `No dev IdP user has uid ${c.req.param("uid")}.`);
    const { passwordHash: _, ...visible } = user;
    return c.json(visible);
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
