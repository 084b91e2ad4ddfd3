import { Hono } from "hono";
import { z } from "zod";
import { isValidCodeVerifier, verifierMatches } from "../../../src/auth/pkce";
import { codeSignInTime } from "../../../src/auth/single-use";
import type { AuthEnv } from "../auth-env";
import { oauthError } from "../errors";
import { signInStands } from "../revocation";

const tokenRequest = z.object({ code: z.string().min(1).max(256), code_verifier: z.string().max(1024) });

const REFUSALS = {
  unknown: "The code is unknown or was already used.",
  used: "The code was already used.",
  expired: "The code has expired (authorization codes live 5 minutes).",
  refused: "The code_verifier does not match the code_challenge.",
} as const;

/** The sign-in behind a code was revoked at the provider after the code was issued. */
const REVOKED =
  "The sign-in behind the code was revoked since (a password change or a sign-out everywhere): sign in again.";

/**
 * POST /api/token: a PKCE client exchanges its authorization code and verifier for a custom token,
 * once, while the sign-in behind the code still stands at the provider.
 */
export const tokenRoutes = new Hono<AuthEnv>().post("/api/token", async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return oauthError("invalid_request", "The body must be JSON: {code, code_verifier}.");
  }
  const parsed = tokenRequest.safeParse(body);
  if (!parsed.success) return oauthError("invalid_request", "code and code_verifier are required strings.");
  const { code, code_verifier: verifier } = parsed.data;
  if (!isValidCodeVerifier(verifier)) {
    return oauthError("invalid_request", "code_verifier must be 43-128 characters of [A-Za-z0-9-._~] (RFC 7636).");
  }
  const { codes, idp } = c.get("auth");
  const redemption = await codes.redeem("authorization_code", code, (record) =>
    record.codeChallenge ? verifierMatches(verifier, record.codeChallenge) : false,
  );
  if (!redemption.ok) return oauthError("invalid_grant", REFUSALS[redemption.reason]);
  if (!(await signInStands(idp, redemption.record.uid, codeSignInTime(redemption.record)))) {
    return oauthError("invalid_grant", REVOKED);
  }
  const customToken = await idp.createCustomToken(redemption.record.uid);
  c.header("cache-control", "no-store");
  return c.json({ custom_token: customToken });
});
