import { desc, eq } from "drizzle-orm";
import { sha256Hex } from "../../../src/auth/crypto";
import { legalConsents, publishTokens } from "../../../src/db/auth-schema";
import { authDb } from "../../../src/db/client";
import type { IdentityProvider } from "../../../src/idp/identity-provider";
import { type AuthLogEvent, AuthLogEvents } from "../auth-log-events";
import { PublishTokenStore } from "../publish-token-store";
import { revokeAtProvider } from "../revocation";
import { SessionStore } from "../session-store";

export type { AuthLogEvent } from "../auth-log-events";

/** A live SSO session as an operator sees it: an opaque handle, never the session's id or key. */
export interface SessionForOperator {
  handle: string;
  createdAt: number;
  lastUsedAt: number;
  /** The browser family the session was made in ("Chrome on Android"). */
  device: string;
}

/** A publish token as an operator sees it: never the plaintext or its hash. */
export interface PublishTokenForOperator {
  id: string;
  name: string | null;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ConsentForOperator {
  documentKey: string;
  version: string;
  consentedAt: number;
  source: string;
}

/**
 * The sign-in service's port for the operator console (workers/backend/console): a user's SSO
 * sessions, publish tokens, consent records and auth-log records, and the two things an operator
 * may do to them. Everything is read through the service's own stores.
 */
export interface OperatorAccounts {
  /** The user's live sessions, most recently used first. */
  sessions(uid: string): Promise<SessionForOperator[]>;
  /** Ends the user's session with this handle; false when the user has no live session with it. */
  endSession(uid: string, handle: string): Promise<boolean>;
  /**
   * Signs the user out everywhere: the account's tokens-valid-after time at the provider (its ID,
   * refresh and publish tokens end), then every SSO session. Answers how many sessions were live.
   * Throws ApiError 503 `idp_unavailable`, and ends nothing, while the provider cannot be reached.
   */
  endAllSessions(uid: string): Promise<number>;
  /** Every publish token the user made, active and revoked, newest first. */
  publishTokens(uid: string): Promise<PublishTokenForOperator[]>;
  /** Revokes the user's active token; false when the user has no active token with this id. */
  revokePublishToken(uid: string, tokenId: string): Promise<boolean>;
  /** The user's consent ledger rows, newest first. */
  consents(uid: string): Promise<ConsentForOperator[]>;
  /** The auth-log records clients sent naming the user, newest first (scrubbed as logged). */
  authLog(uid: string): Promise<AuthLogEvent[]>;
}

/** A session's handle: a prefix of a hash of its id, so a page shows nothing that names the session elsewhere. */
export async function sessionHandle(sessionId: string): Promise<string> {
  return (await sha256Hex(`operator-console:${sessionId}`)).slice(0, 16);
}

export function operatorAccounts(
  env: Pick<Env, "AUTH_DB" | "SESSIONS">,
  idp: IdentityProvider,
  now: () => number = Date.now,
): OperatorAccounts {
  const sessions = new SessionStore(env.SESSIONS, env.AUTH_DB, now);
  const tokens = new PublishTokenStore(env.AUTH_DB, now);
  const db = authDb(env);
  return {
    async sessions(uid) {
      return Promise.all(
        (await sessions.list(uid)).map(async (session) => ({
          handle: await sessionHandle(session.id),
          createdAt: session.createdAt,
          lastUsedAt: session.lastUsedAt,
          device: session.userAgentFamily,
        })),
      );
    },
    async endSession(uid, handle) {
      for (const session of await sessions.list(uid)) {
        if ((await sessionHandle(session.id)) === handle) return sessions.endById(uid, session.id);
      }
      return false;
    },
    async endAllSessions(uid) {
      await revokeAtProvider(idp, env.AUTH_DB, now, uid);
      return sessions.endAll(uid);
    },
    async publishTokens(uid) {
      const rows = await db
        .select({
          id: publishTokens.id,
          name: publishTokens.name,
          createdAt: publishTokens.createdAt,
          lastUsedAt: publishTokens.lastUsedAt,
          revokedAt: publishTokens.revokedAt,
        })
        .from(publishTokens)
        .where(eq(publishTokens.issuerUid, uid))
        .orderBy(desc(publishTokens.createdAt))
        .all();
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.getTime(),
        lastUsedAt: row.lastUsedAt?.getTime() ?? null,
        revokedAt: row.revokedAt?.getTime() ?? null,
      }));
    },
    revokePublishToken(uid, tokenId) {
      return tokens.revoke(uid, tokenId);
    },
    async consents(uid) {
      const rows = await db
        .select()
        .from(legalConsents)
        .where(eq(legalConsents.idpUid, uid))
        .orderBy(desc(legalConsents.consentedAt), desc(legalConsents.id))
        .all();
      return rows.map((row) => ({
        documentKey: row.documentKey,
        version: row.version,
        consentedAt: row.consentedAt.getTime(),
        source: row.source,
      }));
    },
    authLog(uid) {
      return new AuthLogEvents(env.AUTH_DB, now).recent(uid);
    },
  };
}
