import { Hono } from "hono";
import { z } from "zod";
import { sha256Hex } from "../../../src/auth/crypto";
import { CODE_KINDS, codeSignInTime } from "../../../src/auth/single-use";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import type { AuthContext, AuthEnv } from "../auth-env";
import { browserNonceHash, loginRequestOfThisBrowser } from "../login-binding";
import { signInStands } from "../revocation";
import { sameOriginOnly } from "../same-origin";
import { phoneSignInArrived } from "../sms-attempts";
import { freshFinishedUser } from "../user-token";

const grantRequest = z.object({ id_token: z.string().min(1).max(8192), state: z.string().min(1).max(128) });
const redeemRequest = z.object({ grant: z.string().min(1).max(256), state: z.string().min(1).max(128) });

const REFUSALS = {
  unknown: "The link grant is unknown or was already used.",
  used: "The link grant was already used.",
  expired: "The link grant has expired (link grants live 60 seconds).",
  refused: "The link grant belongs to another browser's login page.",
  revoked: "The sign-in behind the link grant was revoked since it was issued.",
} as const;

/**
 * Link grants (document 1: "for SSO linking only; must not be used for hand-over"). The login
 * page, while linking another sign-in method, must leave for a social provider's site and come
 * back; the grant carries "who is linking" across that trip for 60 seconds. It is bound to the
 * page that asked for it (the login state and this browser's nonce cookie), so it is useless to
 * anyone else: an app holding an ID token cannot turn it into a custom token (and a refresh
 * token) through these routes. /transfer and /api/token never accept it and it never creates an
 * SSO session.
 */
export const linkGrantRoutes = new Hono<AuthEnv>()
  .post("/api/link/grant", sameOriginOnly, async (c) => {
    const body = parseOrThrow(grantRequest, await jsonBody(c.req.raw));
    await loginRequestOfThisBrowser(c, body.state);
    // Same rules as the hand-over: a fresh ID token, of an account whose sign-up is finished.
    const token = await freshFinishedUser(c, body.id_token, "link sign-in methods");
    // Naming the account to link by phone is an SMS sign-in too.
    await phoneSignInArrived(c, body.state, token);
    const { codes } = c.get("auth");
    const grant = await codes.issue("link_grant", {
      uid: token.uid,
      authTime: token.authTime,
      stateHash: await sha256Hex(body.state),
      nonceHash: (await browserNonceHash(c)) ?? "",
    });
    c.header("cache-control", "no-store");
    return c.json({ grant, expires_in: CODE_KINDS.link_grant.lifetimeMs / 1000 });
  })
  .post("/api/link/redeem", sameOriginOnly, async (c) => {
    const body = parseOrThrow(redeemRequest, await jsonBody(c.req.raw));
    const { idp, codes } = c.get("auth");
    const redemption = await codes.redeem("link_grant", body.grant, (record) => sameFlow(c, record, body.state));
    if (!redemption.ok) throw new ApiError(400, "invalid_grant", REFUSALS[redemption.reason]);
    if (!(await signInStands(idp, redemption.record.uid, codeSignInTime(redemption.record)))) {
      throw new ApiError(400, "invalid_grant", REFUSALS.revoked);
    }
    const customToken = await idp.createCustomToken(redemption.record.uid);
    c.header("cache-control", "no-store");
    return c.json({ custom_token: customToken });
  });

/** Only the browser flow that asked for the grant redeems it; a wrong one does not spend it. */
async function sameFlow(c: AuthContext, record: { stateHash?: string; nonceHash?: string }, state: string) {
  const nonceHash = await browserNonceHash(c);
  return record.stateHash === (await sha256Hex(state)) && nonceHash !== null && record.nonceHash === nonceHash;
}
