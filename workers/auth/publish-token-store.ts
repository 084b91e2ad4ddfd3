import { and, desc, eq, isNull, sql } from "drizzle-orm";
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

  /** The issuer of the token with this id while it is active; null once revoked, or for no such token. */
  async activeIssuer(id: string): Promise<string | null> {
    const row = await this.db
      .select({ issuerUid: publishTokens.issuerUid })
      .from(publishTokens)
      .where(and(eq(publishTokens.id, id), isNull(publishTokens.revokedAt)))
      .get();
    return row?.issuerUid ?? null;
  }

  /**
   * The issuer of an active token with this plaintext, marking it used; null for an unknown or
   * revoked token.
   */
  async redeem(plaintext: string): Promise<{ id: string; issuerUid: string } | null> {
    const used = await this.db
      .update(publishTokens)
      .set({ lastUsedAt: new Date(this.now()) })
      .where(and(eq(publishTokens.tokenHash, await publishTokenHash(plaintext)), isNull(publishTokens.revokedAt)))
      .returning({ id: publishTokens.id, issuerUid: publishTokens.issuerUid });
    return used[0] ?? null;
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
