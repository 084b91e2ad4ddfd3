import { Hono } from "hono";
import { z } from "zod";
import { DOCUMENT_KEYS } from "../../../src/auth/clients";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import { currentLog } from "../../../src/worker-kit/request-log";
import type { AuthEnv } from "../auth-env";
import { ConsentLedger } from "../consent-ledger";
import { sameOriginOnly } from "../same-origin";
import { currentSession } from "../session-cookie";

const sessionConsent = z.strictObject({
  document_keys: z.array(z.enum(DOCUMENT_KEYS)).min(1).max(DOCUMENT_KEYS.length),
});

/**
 * POST /api/session/consent: the login page's re-consent for a browser that is signed in already
 * (an SSO visit to /login with documents pending). The SSO session is the credential, so only
 * the sign-in service's own pages may post it (sameOriginOnly); versions are stamped from the
 * catalog as on POST /api/consent. The page then loads /login again, which now lets it through.
 */
export const sessionConsentRoutes = new Hono<AuthEnv>().post("/api/session/consent", sameOriginOnly, async (c) => {
  const session = await currentSession(c);
  if (!session) throw new ApiError(401, "not_signed_in", "This browser has no session to accept documents for.");
  const body = parseOrThrow(sessionConsent, await jsonBody(c.req.raw));
  const keys = [...new Set(body.document_keys)];
  const ledger = new ConsentLedger(c.env.AUTH_DB, c.get("auth").now);
  try {
    await ledger.record(session.uid, keys, "auth_reconsent");
  } catch (error) {
    currentLog().error("consent not recorded", { error: String(error) });
    throw new ApiError(503, "consent_not_recorded", "Your consent could not be recorded. Please try again.");
  }
  c.header("cache-control", "no-store");
  return c.json({ recorded: keys, pending: await ledger.pending(session.uid, keys) });
});
