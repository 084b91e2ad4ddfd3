import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** AUTH_DB. Consent ledger (document 1, LegalConsent): append-only, one row per consent. */
export const legalConsents = sqliteTable(
  "legal_consents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    idpUid: text("idp_uid").notNull(),
    documentKey: text("document_key").notNull(),
    version: text("version").notNull(),
    consentedAt: integer("consented_at", { mode: "timestamp_ms" }).notNull(),
    source: text("source").notNull(),
  },
  (t) => [uniqueIndex("legal_consents_uid_key_version").on(t.idpUid, t.documentKey, t.version)],
);

/** AUTH_DB. Publish tokens: only the SHA-256 of the plaintext is stored. */
export const publishTokens = sqliteTable(
  "publish_tokens",
  {
    id: text("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    issuerUid: text("issuer_uid").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("publish_tokens_issuer").on(t.issuerUid)],
);
