import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { MAX_ACTIVE_PUBLISH_TOKENS, newPublishToken, publishTokenHash } from "../../src/auth/publish-token";
import { publishTokens } from "../../src/db/auth-schema";
import { authDb } from "../../src/db/client";

/** A token as its issuer sees it in the list: never the plaintext or the hash. */
export interface PublishTokenSummary {
  id: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

/** An active token as the exchange and the publishing routes see it. */
export interface ActivePublishToken {
  id: string;
  issuerUid: string;
  createdAtMs: number;
}

/** Publish tokens in AUTH_DB (document 1): SHA-256 only, revoked rows kept. */
export class PublishTokenStore {
  private readonly db: ReturnType<typeof authDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = authDb({ AUTH_DB: database });
  }

  /**
   * A new active token of uid: the plaintext (returned once) and its summary; null when uid holds
   * MAX_ACTIVE_PUBLISH_TOKENS already. One statement counts and inserts, so a burst of parallel
   * creations cannot pass the cap together.
   */
  async create(uid: string, name: string | null): Promise<{ token: string; summary: PublishTokenSummary } | null> {
    const token = newPublishToken();
    const row = {
      id: crypto.randomUUID(),
      tokenHash: await publishTokenHash(token),
      issuerUid: uid,
      createdAt: new Date(this.now()),
      name,
      lastUsedAt: null,
    };
    const t = publishTokens;
    const inserted = await this.db.run(sql`
      INSERT INTO ${t} (id, token_hash, issuer_uid, created_at, name)
      SELECT ${row.id}, ${row.tokenHash}, ${uid}, ${row.createdAt.getTime()}, ${name}
      WHERE (SELECT count(*) FROM ${t} WHERE ${t.issuerUid} = ${uid} AND ${t.revokedAt} IS NULL) < ${MAX_ACTIVE_PUBLISH_TOKENS}`);
    if (inserted.meta.changes === 0) return null;
    return { token, summary: summaryOf(row) };
  }

  /** uid's active tokens, newest first. */
  async listActive(uid: string): Promise<PublishTokenSummary[]> {
    const rows = await this.db
      .select()
      .from(publishTokens)
      .where(and(eq(publishTokens.issuerUid, uid), isNull(publishTokens.revokedAt)))
      .orderBy(desc(publishTokens.createdAt))
      .all();
    return rows.map(summaryOf);
  }

  /** Revokes uid's active token id; false when uid has no such active token. */
  async revoke(uid: string, id: string): Promise<boolean> {
    const revoked = await this.db
      .update(publishTokens)
      .set({ revokedAt: new Date(this.now()) })
      .where(and(eq(publishTokens.id, id), eq(publishTokens.issuerUid, uid), isNull(publishTokens.revokedAt)))
      .returning({ id: publishTokens.id });
    return revoked.length > 0;
  }

  /**
   * Revokes uid's active tokens made before `cutoffMs` (the account's tokens-valid-after time:
   * document 1 keeps the rows); answers how many.
   */
  async revokeCreatedBefore(uid: string, cutoffMs: number): Promise<number> {
    const before = Number.isFinite(cutoffMs) ? lt(publishTokens.createdAt, new Date(cutoffMs)) : undefined;
    const revoked = await this.db
      .update(publishTokens)
      .set({ revokedAt: new Date(this.now()) })
      .where(and(eq(publishTokens.issuerUid, uid), isNull(publishTokens.revokedAt), before))
      .returning({ id: publishTokens.id });
    return revoked.length;
  }

  /** The token with this id while it is active: its issuer and when it was made; null once revoked, or for no such token. */
  async active(id: string): Promise<ActivePublishToken | null> {
    const row = await this.db
      .select({ id: publishTokens.id, issuerUid: publishTokens.issuerUid, createdAt: publishTokens.createdAt })
      .from(publishTokens)
      .where(and(eq(publishTokens.id, id), isNull(publishTokens.revokedAt)))
      .get();
    return row ? { id: row.id, issuerUid: row.issuerUid, createdAtMs: row.createdAt.getTime() } : null;
  }

  /** The active token with this plaintext; null for an unknown or revoked token. */
  async activeByPlaintext(plaintext: string): Promise<ActivePublishToken | null> {
    const row = await this.db
      .select({ id: publishTokens.id, issuerUid: publishTokens.issuerUid, createdAt: publishTokens.createdAt })
      .from(publishTokens)
      .where(and(eq(publishTokens.tokenHash, await publishTokenHash(plaintext)), isNull(publishTokens.revokedAt)))
      .get();
    return row ? { id: row.id, issuerUid: row.issuerUid, createdAtMs: row.createdAt.getTime() } : null;
  }

  /** Records a successful exchange of the token (its last use). */
  async markUsed(id: string): Promise<void> {
    await this.db
      .update(publishTokens)
      .set({ lastUsedAt: new Date(this.now()) })
      .where(eq(publishTokens.id, id));
  }
}

function summaryOf(row: { id: string; name: string | null; createdAt: Date; lastUsedAt: Date | null }) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}
