import { Hono } from "hono";
import { z } from "zod";
import { CODE_KINDS } from "../../../src/auth/single-use";
import { ApiError } from "../../shared/errors";
import type { AuthEnv } from "../auth-env";
import { verifiedUser } from "../user-token";
import { jsonBody, parseOrThrow } from "../validation";

const grantRequest = z.object({ id_token: z.string().min(1).max(8192) });
const redeemRequest = z.object({ grant: z.string().min(1).max(256) });

const REFUSALS = {
  unknown: "The link grant is unknown or was already used.",
  used: "The link grant was already used.",
  expired: "The link grant has expired (link grants live 60 seconds).",
  refused: "The link grant was refused.",
} as const;

/**
 * Link grants (document 1): a signed-in app gets a 60-second grant so the login page can sign in
 * as the same user to link another sign-in method. The grant is its own kind of code: /transfer
 * and /api/token never accept it, and it never creates an SSO session.
 */
export const linkGrantRoutes = new Hono<AuthEnv>()
  .post("/api/link/grant", async (c) => {
    const body = parseOrThrow(grantRequest, await jsonBody(c.req.raw));
    const { codes } = c.get("auth");
    const token = await verifiedUser(c, body.id_token, "link sign-in methods");
    const grant = await codes.issue("link_grant", { uid: token.uid });
    c.header("cache-control", "no-store");
    return c.json({ grant, expires_in: CODE_KINDS.link_grant.lifetimeMs / 1000 });
  })
  .post("/api/link/redeem", async (c) => {
    const body = parseOrThrow(redeemRequest, await jsonBody(c.req.raw));
    const { idp, codes } = c.get("auth");
    const redemption = await codes.redeem("link_grant", body.grant);
    if (!redemption.ok) throw new ApiError(400, "invalid_grant", REFUSALS[redemption.reason]);
    const customToken = await idp.createCustomToken(redemption.record.uid);
    c.header("cache-control", "no-store");
    return c.json({ custom_token: customToken });
  });
