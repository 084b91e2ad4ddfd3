import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { operatorAudit } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import type { OperatorAction, TargetKind } from "./operator-actions";

type BackendDrizzle = ReturnType<typeof backendDb>;

/** One action as the trail records it. */
export interface AuditEntry {
  operator: { uid: string; email: string | null };
  action: OperatorAction;
  targetKind: TargetKind;
  target: string;
  /** The user the action concerns, if any. */
  subjectUid: string | null;
  reason: string;
  /**
   * "done": the action happened (written in its own batch, or after it); "started": written before
   * an action outside BACKEND_DB, which then gets "done" or "failed".
   */
  outcome: "done" | "started" | "failed";
  detail?: Record<string, string | number | boolean | null>;
}

export type AuditRow = typeof operatorAudit.$inferSelect;

export interface AuditFilter {
  action?: OperatorAction;
  /** Part of the operator's uid or email. */
  operator?: string;
  /** Part of the target's handle (a room, a notice id, a token id). */
  target?: string;
  subjectUid?: string;
  /** Rows older than this id (the next page). */
  before?: number;
  limit: number;
}

/**
 * The console's audit trail (BACKEND_DB operator_audit): append-only, by the database's own
 * triggers. An action in BACKEND_DB puts `entryInsert` in its own batch; an action elsewhere (the
 * sign-in service's data, a room) appends "started" first and "failed" if it fails.
 */
export class AuditTrail {
  readonly db: BackendDrizzle;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  /** The insert of one entry, to run alone or in the action's batch. */
  entryInsert(entry: AuditEntry) {
    return this.db.insert(operatorAudit).values({
      at: new Date(this.now()),
      operatorUid: entry.operator.uid,
      operatorEmail: entry.operator.email,
      action: entry.action,
      targetKind: entry.targetKind,
      target: entry.target,
      subjectUid: entry.subjectUid,
      reason: entry.reason,
      outcome: entry.outcome,
      detail: entry.detail ?? null,
    });
  }

  async append(entry: AuditEntry): Promise<void> {
    await this.entryInsert(entry);
  }

  /**
   * For an action outside BACKEND_DB (the sign-in service's data, a room): a "started" entry is
   * written first, so no action goes unrecorded, then "done" or "failed" once the action answered.
   * `settle` reads the action's answer: a failure code (a session that was gone) and a detail.
   */
  async around<T>(
    entry: Omit<AuditEntry, "outcome">,
    action: () => Promise<T>,
    settle: (result: T) => { failure?: string; detail?: AuditEntry["detail"] } = () => ({}),
  ): Promise<T> {
    await this.append({ ...entry, outcome: "started" });
    let result: T;
    try {
      result = await action();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      await this.append({
        ...entry,
        outcome: "failed",
        detail: { ...entry.detail, error: typeof code === "string" ? code : "error" },
      });
      throw error;
    }
    const { failure, detail } = settle(result);
    await this.append({
      ...entry,
      outcome: failure ? "failed" : "done",
      detail: { ...entry.detail, ...detail, ...(failure ? { error: failure } : {}) },
    });
    return result;
  }

  /**
   * The insert of an entry written only while a row of `table` matches `where`, for a batch whose
   * other statement changes that row under the same condition (D1 runs a batch as one
   * transaction): both are written or neither.
   */
  entryInsertWhere(entry: AuditEntry, table: SQLiteTable, where: SQL) {
    const value = <T>(column: string, v: T) => sql<T>`${v}`.as(column);
    return this.db.insert(operatorAudit).select(
      this.db
        .select({
          // Every column, in the table's order: NULL makes the id as a plain insert would.
          id: sql<number>`null`.as("id"),
          at: value("at", this.now()),
          operatorUid: value("operator_uid", entry.operator.uid),
          operatorEmail: value("operator_email", entry.operator.email),
          action: value("action", entry.action),
          targetKind: value("target_kind", entry.targetKind),
          target: value("target", entry.target),
          subjectUid: value("subject_uid", entry.subjectUid),
          reason: value("reason", entry.reason),
          outcome: value("outcome", entry.outcome),
          detail: value("detail", entry.detail ? JSON.stringify(entry.detail) : null),
        })
        .from(table)
        .where(where)
        .limit(1),
    );
  }

  /** Newest first. */
  async list(filter: AuditFilter): Promise<AuditRow[]> {
    const conditions: SQL[] = [];
    if (filter.action) conditions.push(eq(operatorAudit.action, filter.action));
    if (filter.subjectUid) conditions.push(eq(operatorAudit.subjectUid, filter.subjectUid));
    if (filter.target) conditions.push(contains(operatorAudit.target, filter.target));
    if (filter.operator) {
      const byOperator = or(
        contains(operatorAudit.operatorUid, filter.operator),
        contains(operatorAudit.operatorEmail, filter.operator),
      );
      if (byOperator) conditions.push(byOperator);
    }
    if (filter.before !== undefined) conditions.push(lt(operatorAudit.id, filter.before));
    return this.db
      .select()
      .from(operatorAudit)
      .where(and(...conditions))
      .orderBy(desc(operatorAudit.id))
      .limit(filter.limit)
      .all();
  }
}

/** The column holds the text, case aside (instr: no LIKE wildcards to escape). */
function contains(column: AnySQLiteColumn, text: string): SQL {
  return sql`instr(lower(${column}), ${text.toLowerCase()}) > 0`;
}
