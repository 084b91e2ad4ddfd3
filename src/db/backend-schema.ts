import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { Seat } from "../engine/types";

/**
 * BACKEND_DB. Users of the main backend, keyed by the identity provider's uid, and the coin ledger
 * (document 2): balance = deposits + unexpired limited coins + admin funds - orders. Every change
 * is additive (migrations/backend).
 */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  idpUid: text("idp_uid").notNull().unique(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
});

/** Stores products are sold in; WEB is the browser coin store (GraphQL enum Store). */
export const STORES = ["IOS_STORE", "ANDROID_STORE", "WEB"] as const;
export type StoreName = (typeof STORES)[number];

/** Who took the payment of a deposit (iap_deposits.payment_provider). */
export const PAYMENT_PROVIDERS = ["IOS_STORE", "ANDROID_STORE", "WEB_PAYMENT"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** A legacy deposit the backfill could not place (migration 0070); never written by a credit path. */
export const UNKNOWN_PAYMENT_PROVIDER = "UNKNOWN";

/**
 * Coin products. One row per revision: the row with the latest applied_at not in the future is
 * the current one (price and bonus changes need no code change).
 */
export const consumableProducts = sqliteTable(
  "consumable_products",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Equals the price lookup key at the payment provider. */
    productId: text("product_id").notNull(),
    store: text("store", { enum: STORES }).notNull(),
    coinCount: integer("coin_count").notNull(),
    /** Fraction: 0.05 = +5% bonus coins for premium members. */
    subscriptionBonusRate: real("subscription_bonus_rate").notNull().default(0),
    appliedAt: integer("applied_at", { mode: "timestamp_ms" }).notNull(),
    position: integer("position").notNull().default(0),
  },
  (table) => [
    uniqueIndex("consumable_products_revision_unique").on(table.store, table.productId, table.appliedAt),
    index("consumable_products_store_position_idx").on(table.store, table.position),
  ],
);

/**
 * The parent of a store's product order (reorderConsumableProducts): one list per store, seeded by
 * the migration. Its items are the store's products, ordered by consumable_products.position.
 * A trigger (migrations/backend/0040) gives a product's new revision the position of its first.
 */
export const productLists = sqliteTable(
  "product_lists",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    store: text("store", { enum: STORES }).notNull(),
  },
  (table) => [uniqueIndex("product_lists_store_unique").on(table.store)],
);

/** Purchases that credited coins; iap_purchase_id (the payment intent id for web) makes a credit idempotent. */
export const iapDeposits = sqliteTable(
  "iap_deposits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    iapPurchaseId: text("iap_purchase_id").notNull(),
    productId: text("product_id").notNull(),
    coinCount: integer("coin_count").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Set on refund (logical delete): the deposit no longer counts. */
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    /**
     * Added by migration 0002 and backfilled; since 0070 the database refuses a new row without
     * one of PAYMENT_PROVIDERS (triggers: the column itself stays nullable, additive only).
     */
    paymentProvider: text("payment_provider", { enum: [...PAYMENT_PROVIDERS, UNKNOWN_PAYMENT_PROVIDER] }),
  },
  (table) => [
    uniqueIndex("iap_deposits_iap_purchase_id_unique").on(table.iapPurchaseId),
    index("iap_deposits_user_idx").on(table.userId),
  ],
);

/** Limited-time coins (bonuses); they count until expires_at. */
export const limitedCoinDeposits = sqliteTable(
  "limited_coin_deposits",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    coinCount: integer("coin_count").notNull(),
    reason: text("reason").notNull(),
    /** The purchase this bonus came with (iap_deposits.iap_purchase_id); one bonus per purchase. */
    sourcePurchaseId: text("source_purchase_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("limited_coin_deposits_source_unique").on(table.sourcePurchaseId),
    index("limited_coin_deposits_user_idx").on(table.userId),
  ],
);

/** Coins granted (or withdrawn, negative) by an operator. */
export const adminFunds = sqliteTable(
  "admin_funds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    coinCount: integer("coin_count").notNull(),
    reason: text("reason").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("admin_funds_user_idx").on(table.userId)],
);

/** Coins spent. */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    coinCount: integer("coin_count").notNull(),
    item: text("item").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("orders_user_idx").on(table.userId)],
);

/** Premium subscriptions from any store; active while not cancelled and expires_at is ahead. */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    store: text("store", { enum: STORES }).notNull(),
    originalTransactionId: text("original_transaction_id").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("subscriptions_transaction_unique").on(table.store, table.originalTransactionId),
    index("subscriptions_user_idx").on(table.userId, table.expiresAt),
  ],
);

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
export const uploadSessions = sqliteTable(
  "upload_sessions",
  {
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
    /** The client file set the last accepted client zip PUT extracted (`{revisionId}/client/{id}/`, migration 0060). */
    clientFiles: text("client_files"),
    clientZipBytes: integer("client_zip_bytes"),
    /** The bytes of that file set, uncompressed: what it keeps in R2, counted by the upload quota (migration 0080). */
    clientBytes: integer("client_bytes"),
    /** The staged logic.js of the last accepted logic PUT (`{revisionId}/staged/{id}/logic.js`). */
    logicFile: text("logic_file"),
    logicBytes: integer("logic_bytes"),
    /** When the upload cleanup deleted what the session left in R2 beyond its revision's files (migration 0080). */
    sweptAt: integer("swept_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("upload_sessions_uploader").on(t.uploaderUid),
    index("upload_sessions_unswept").on(t.expiresAt).where(sql`${t.sweptAt} IS NULL`),
  ],
);

/**
 * BACKEND_DB. A published revision: its client files are the file set `client_files` in CODE
 * (`{id}/client/{client_files}/…`, src/publishing/code-keys.ts) and, unless solo, `{id}/logic.js`.
 */
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
    /** Place in the scenario's revision list (reorderScenarioRevisions): position asc, then id asc. */
    position: integer("position").notNull().default(0),
    /** The extracted client file set it serves; null for a revision registered before extraction (only a client.zip). */
    clientFiles: text("client_files"),
  },
  (t) => [
    index("revisions_scenario").on(t.scenarioId),
    index("revisions_scenario_position").on(t.scenarioId, t.position),
  ],
);

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

/**
 * BACKEND_DB. A multiplayer room the backend is the roster's authority for (docs/rooms.md "Seat
 * tickets"): made once by POST /rooms (an app) or by the lobby (`lobby`), the first creation wins,
 * and every seat ticket of the room carries this roster.
 */
export const rooms = sqliteTable(
  "rooms",
  {
    revisionId: text("revision_id").notNull(),
    roomId: text("room_id").notNull(),
    /** The roster (JSON list of {id, role?, name?}), fixed at creation. */
    players: text("players", { mode: "json" }).$type<Seat[]>().notNull(),
    creatorUid: text("creator_uid").notNull(),
    /** Made by the lobby of a published game: its seats are taken there, never through POST /rooms/tickets. */
    lobby: integer("lobby", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.revisionId, t.roomId] })],
);

/**
 * BACKEND_DB. Every action an operator took on the console (docs/operators.md): append-only, with
 * the reason the operator typed. Triggers of migration 0090 refuse UPDATE and DELETE and a CHECK a
 * row without a reason (drizzle does not model them).
 */
export const operatorAudit = sqliteTable(
  "operator_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    operatorUid: text("operator_uid").notNull(),
    operatorEmail: text("operator_email"),
    /** What was done (src/ops/operator-actions.ts). */
    action: text("action").notNull(),
    /** What it was done to: "session", "publish_token", "notice", "room", ... and its handle. */
    targetKind: text("target_kind").notNull(),
    target: text("target").notNull(),
    /** The user the action concerns, when it concerns one: their page lists it. */
    subjectUid: text("subject_uid"),
    reason: text("reason").notNull(),
    /** "done" (written with the action, or after one elsewhere), "started" (before an action elsewhere), "failed". */
    outcome: text("outcome").notNull(),
    /** A few words more (JSON), never a secret. */
    detail: text("detail", { mode: "json" }).$type<Record<string, string | number | boolean | null>>(),
  },
  (t) => [index("operator_audit_at").on(t.at), index("operator_audit_subject").on(t.subjectUid, t.at)],
);

/**
 * BACKEND_DB. Operations notices of the payment webhook (src/ops/notifier.ts), one per case
 * (kind, case_key): open until an operator marks it handled, once (a trigger of migration 0090).
 */
export const operatorNotices = sqliteTable(
  "operator_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    /** What makes two notices the same case: the dispute id, else the payment intent id. */
    caseKey: text("case_key").notNull(),
    message: text("message").notNull(),
    /** users.id when known. */
    userId: integer("user_id"),
    paymentIntentId: text("payment_intent_id"),
    refs: text("refs", { mode: "json" }).$type<Record<string, string | number | null>>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    handledAt: integer("handled_at", { mode: "timestamp_ms" }),
    /** The operator's uid. */
    handledBy: text("handled_by"),
    handledNote: text("handled_note"),
  },
  (t) => [
    uniqueIndex("operator_notices_case").on(t.kind, t.caseKey),
    index("operator_notices_open").on(t.handledAt, t.createdAt),
    index("operator_notices_payment").on(t.paymentIntentId),
  ],
);

/**
 * BACKEND_DB. The console's sign-ins: the cookie's SHA-256, never the cookie; the provider sign-in
 * it came from (auth_time, seconds) is checked against the account on every use.
 */
export const operatorSessions = sqliteTable("operator_sessions", {
  id: text("id").primaryKey(),
  keyHash: text("key_hash").notNull().unique(),
  operatorUid: text("operator_uid").notNull(),
  operatorEmail: text("operator_email"),
  authTime: integer("auth_time").notNull(),
  /** The forms' token (double defence beside the Origin check). */
  csrfToken: text("csrf_token").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  endedAt: integer("ended_at", { mode: "timestamp_ms" }),
});
