import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * BACKEND_DB. Users of the main backend, keyed by the identity provider's uid. Products,
 * deposits and revisions are added by the issues that own them (every change is additive).
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  idpUid: text("idp_uid").notNull().unique(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});
