import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * BACKEND_DB. Users of the main backend, keyed by the identity provider's uid. Products,
 * deposits and revisions are added by the issues that own them (every change is additive).
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  idpUid: text("idp_uid").notNull().unique(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * BACKEND_DB. Paid-release terms ledger (document 1): append-only, unique on (user, kind,
 * version). Triggers of migration 0020 refuse UPDATE and DELETE (drizzle does not model them).
 */
export const userTermsAgreements = sqliteTable(
  "user_terms_agreements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    version: text("version").notNull(),
    agreedAt: integer("agreed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("user_terms_agreements_user_kind_version").on(t.userId, t.kind, t.version)],
);
