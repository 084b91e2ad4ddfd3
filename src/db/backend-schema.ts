import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * BACKEND_DB. Users of the main backend, keyed by the identity provider's uid. Products,
 * deposits and revisions are added by the issues that own them (every change is additive).
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  idpUid: text("idp_uid").notNull().unique(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** BACKEND_DB. Who may publish revisions of a scenario id (the manifest's id): its first publisher. */
export const scenarios = sqliteTable(
  "scenarios",
  {
    id: text("id").primaryKey(),
    ownerUid: text("owner_uid").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("scenarios_owner").on(t.ownerUid)],
);

/**
 * BACKEND_DB. An upload started by POST /code/upload_sessions: its upload URLs carry a secret
 * (only the SHA-256 is kept) and work until expires_at; completed_at is set by registration.
 */
export const uploadSessions = sqliteTable("upload_sessions", {
  id: text("id").primaryKey(),
  secretHash: text("secret_hash").notNull().unique(),
  revisionId: text("revision_id").notNull().unique(),
  scenarioId: text("scenario_id").notNull(),
  uploaderUid: text("uploader_uid").notNull(),
  name: text("name"),
  playerCount: integer("player_count"),
  hasLogic: integer("has_logic", { mode: "boolean" }).notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  completedAt: integer("completed_at", { mode: "timestamp_ms" }),
});

/** BACKEND_DB. A published revision: its files are `{id}/client.zip` and (unless solo) `{id}/logic.js` in CODE. */
export const revisions = sqliteTable(
  "revisions",
  {
    id: text("id").primaryKey(),
    scenarioId: text("scenario_id").notNull(),
    uploaderUid: text("uploader_uid").notNull(),
    name: text("name"),
    playerCount: integer("player_count"),
    hasLogic: integer("has_logic", { mode: "boolean" }).notNull(),
    clientZipBytes: integer("client_zip_bytes").notNull(),
    logicBytes: integer("logic_bytes"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("revisions_scenario").on(t.scenarioId)],
);
