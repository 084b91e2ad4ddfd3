import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * AUTH_DB. Consent ledger (document 1, LegalConsent): append-only, one row per consent. Triggers
 * of migration 0030 refuse UPDATE and DELETE and skip a repeated triple (drizzle does not model them).
 */
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
    /** What the author calls it ("GitHub Actions"), optional. */
    name: text("name"),
    /** Last successful exchange. */
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("publish_tokens_issuer").on(t.issuerUid)],
);

/** AUTH_DB. Failed publish-token exchanges per caller (SHA-256 of the IP) and one-minute window. */
export const publishTokenExchangeFailures = sqliteTable(
  "publish_token_exchange_failures",
  {
    callerHash: text("caller_hash").notNull(),
    windowStart: integer("window_start").notNull(),
    failures: integer("failures").notNull(),
  },
  (t) => [primaryKey({ columns: [t.callerHash, t.windowStart] })],
);

/**
 * AUTH_DB. Sign-ups that started but are not completed (consent missing or not recorded): the
 * identity provider already holds the account, so the next callback of that uid must still be
 * treated as a sign-up. The row is written before consent is checked and deleted in the same
 * batch that records the consent.
 */
export const pendingSignUps = sqliteTable("pending_sign_ups", {
  idpUid: text("idp_uid").primaryKey(),
  /** The client whose login page started the sign-up (for support; the finishing page decides the documents). */
  clientId: text("client_id").notNull(),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * AUTH_DB. Per-user index of SSO sessions (docs/decisions/0059-sign-in-hardening.md): what a person (or an operator) lists and
 * ends. The session itself lives in KV (`session:<key_hash>`); `key_hash` is the SHA-256 of the
 * cookie, never the cookie. `last_used_at` is as coarse as the session's write-back (an hour).
 */
export const ssoSessions = sqliteTable(
  "sso_sessions",
  {
    id: text("id").primaryKey(),
    keyHash: text("key_hash").notNull().unique(),
    idpUid: text("idp_uid").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }).notNull(),
    userAgentFamily: text("user_agent_family").notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("sso_sessions_uid").on(t.idpUid, t.endedAt)],
);

/**
 * AUTH_DB. The auth-log records clients sent with a uid (POST /api/log), scrubbed as the intake
 * logged them; the newest per uid are kept for the operator console (migration 0040).
 */
export const authLogEvents = sqliteTable(
  "auth_log_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    idpUid: text("idp_uid").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The record's event fields (evt, error code, known issue, page), as written to the log. */
    event: text("event", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("auth_log_events_uid").on(t.idpUid, t.id)],
);
