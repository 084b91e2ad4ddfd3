import { Hono } from "hono";
import { z } from "zod";
import { DOCUMENT_KEYS, type DocumentKey } from "../../../src/auth/clients";
import { documentKeysForScope } from "../../../src/auth/consent-scope";
import { pickLanguage } from "../../../src/auth/i18n";
import { isPaidReleaseKind, PAID_RELEASE_KINDS } from "../../../src/legal/paid-release-catalog";
import { ApiError } from "../../../src/worker-kit/errors";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import { currentLog } from "../../../src/worker-kit/request-log";
import { bearerIdToken } from "../../../src/worker-kit/verify-id-token";
import type { AuthContext, AuthEnv } from "../auth-env";
import { ConsentLedger } from "../consent-ledger";
import { configuredOriginsCors } from "../cors";
import { verifiedUser } from "../user-token";

/** Routes of consent (the ledger's `source`): how the user came to accept. */
export const CONSENT_SOURCES = [
  "auth_reconsent",
  "mobile_reconsent",
  "studio",
  "portal",
  "app",
  "paid_release_application",
] as const;

const ACCEPTED_KEYS = [...DOCUMENT_KEYS, ...PAID_RELEASE_KINDS] as const;

const consentRequest = z.strictObject({
  document_keys: z.array(z.string().max(64)).min(1).max(ACCEPTED_KEYS.length),
  source: z.enum(CONSENT_SOURCES).default("auth_reconsent"),
});

const pendingQuery = z.object({ scope: z.string().max(64).optional() });

/**
 * POST /api/consent and GET /api/consent/pending (document 1, Versioning): for the user of a
 * verified ID token (never a publish-token one). Versions are stamped from the catalogs; a
 * client that sends one is refused. Paid-release kinds go to the backend's ledger.
 */
export const consentRoutes = new Hono<AuthEnv>()
  .use("/api/consent", configuredOriginsCors)
  .use("/api/consent/*", configuredOriginsCors)
  .post("/api/consent", async (c) => {
    const token = await verifiedUser(c, bearerIdToken(c), "record consent");
    const raw = await jsonBody(c.req.raw);
    if (raw && typeof raw === "object" && ("version" in raw || "versions" in raw)) {
      throw new ApiError(
        400,
        "version_not_accepted",
        "The service stamps the current version; send document keys only.",
      );
    }
    const body = parseOrThrow(consentRequest, raw);
    const unknown = body.document_keys.filter((key) => !(ACCEPTED_KEYS as readonly string[]).includes(key));
    if (unknown.length > 0) {
      throw new ApiError(400, "unknown_document_key", `Unknown document keys: ${unknown.join(", ")}.`);
    }
    const keys = [...new Set(body.document_keys)];
    const documents = keys.filter((key): key is DocumentKey => !isPaidReleaseKind(key));
    const paidRelease = keys.filter(isPaidReleaseKind);
    const { termsAgreements } = c.get("auth");
    // Two databases, two batches: each all-or-nothing, both idempotent, so a retry completes both.
    await unrecordedOnError(() => termsAgreements.record(token.uid, paidRelease));
    await unrecordedOnError(() => ledger(c).record(token.uid, documents, body.source));
    c.header("cache-control", "no-store");
    return c.json({ recorded: keys, pending: await ledger(c).pending(token.uid, documents, readerLanguage(c)) });
  })
  .get("/api/consent/pending", async (c) => {
    const token = await verifiedUser(c, bearerIdToken(c), "read consent");
    const query = parseOrThrow(pendingQuery, c.req.query());
    c.header("cache-control", "no-store");
    return c.json(await ledger(c).pending(token.uid, documentKeysForScope(query.scope), readerLanguage(c)));
  });

/** Summaries follow the app's Accept-Language (English where a summary is not written in it). */
function readerLanguage(c: AuthContext) {
  return pickLanguage({ acceptLanguage: c.req.header("accept-language") });
}

function ledger(c: AuthContext): ConsentLedger {
  return new ConsentLedger(c.env.AUTH_DB, c.get("auth").now);
}

async function unrecordedOnError(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    currentLog().error("consent not recorded", { error: String(error) });
    throw new ApiError(503, "consent_not_recorded", "Your consent could not be recorded. Please try again.");
  }
}
