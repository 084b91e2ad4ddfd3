import { desc, eq } from "drizzle-orm";
import type { OperatorAccountsPort } from "../../../src/app-ports/operator-accounts";
import { sha256Hex } from "../../../src/auth/crypto";
import { legalConsents, publishTokens } from "../../../src/db/auth-schema";
import { authDb } from "../../../src/db/client";
import type { IdentityProvider } from "../../../src/idp/identity-provider";
import { AuthLogEvents } from "../auth-log-events";
import { PublishTokenStore } from "../publish-token-store";
import { revokeAtProvider } from "../revocation";
import { SessionStore } from "../session-store";

/** A session's handle: a prefix of a hash of its id, so a page shows nothing that names the session elsewhere. */
export async function sessionHandle(sessionId: string): Promise<string> {
  return (await sha256Hex(`operator-console:${sessionId}`)).slice(0, 16);
}

/**
 * The sign-in service's side of the operator console (src/app-ports/operator-accounts.ts): a
 * user's sessions, publish tokens, consent records and auth-log records, read and changed through
 * the service's own stores.
 */
export function operatorAccounts(
  env: Pick<Env, "AUTH_DB" | "SESSIONS">,
  idp: IdentityProvider,
  now: () => number = Date.now,
): OperatorAccountsPort {
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
