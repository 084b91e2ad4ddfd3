import { Hono } from "hono";
import { z } from "zod";
import { withQuery } from "../../../src/auth/redirect-uri";
import { CODE_KINDS } from "../../../src/auth/single-use";
import { ApiError } from "../../shared/errors";
import type { AuthEnv } from "../auth-env";
import { allowedRedirect } from "../redirects";
import { startSession } from "../session-cookie";
import { requireFinishedSignUp } from "../sign-up";
import { verifiedUser } from "../user-token";
import { jsonBody, parseOrThrow } from "../validation";

const transferRequest = z.object({ id_token: z.string().min(1).max(8192), redirect_uri: z.string().max(4096) });
const transferQuery = z.object({ code: z.string().min(1).max(256) });

const REFUSALS = {
  unknown: "The transfer code is unknown or was already used.",
  used: "The transfer code was already used.",
  expired: "The transfer code has expired (transfer codes live 5 minutes).",
  refused: "The transfer code was refused.",
} as const;

/**
 * Transfer (document 1, Authentication 5): an app trades its ID token for a 5-minute code,
 * then opens /transfer?code= in a browser, which gets an SSO session and the custom token.
 */
export const transferRoutes = new Hono<AuthEnv>()
  .post("/api/transfer/code", async (c) => {
    const body = parseOrThrow(transferRequest, await jsonBody(c.req.raw));
    const redirectUri = allowedRedirect(c, body.redirect_uri);
    const { codes, signUps } = c.get("auth");
    const token = await verifiedUser(c, body.id_token, "start a browser session");
    await requireFinishedSignUp(signUps, token.uid);
    const code = await codes.issue("transfer_code", { uid: token.uid, redirectUri: redirectUri.href });
    c.header("cache-control", "no-store");
    return c.json({ code, expires_in: CODE_KINDS.transfer_code.lifetimeMs / 1000 });
  })
  .get("/transfer", async (c) => {
    const { code } = parseOrThrow(transferQuery, c.req.query(), "invalid_code");
    const { codes, idp } = c.get("auth");
    const redemption = await codes.redeem("transfer_code", code);
    if (!redemption.ok) throw new ApiError(400, "invalid_code", REFUSALS[redemption.reason]);
    const { uid, redirectUri } = redemption.record;
    if (!redirectUri) throw new ApiError(400, "invalid_code", REFUSALS.refused);
    // The allow-list may have changed since the code was issued: check again.
    const target = allowedRedirect(c, redirectUri);
    await startSession(c, uid);
    const customToken = await idp.createCustomToken(uid);
    c.header("cache-control", "no-store");
    c.header("referrer-policy", "no-referrer");
    return c.redirect(withQuery(target, { idpAuthCustomToken: customToken }), 302);
  });
