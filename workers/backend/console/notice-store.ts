import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { iapDeposits, operatorNotices, users } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import type { OperationsNotifier, OpsNotice, OpsNoticeKind } from "../../../src/ops/notifier";

/** The notices the console lists with a state: the payment webhook's (the SMS alert keeps its own history). */
export const CASE_NOTICES: readonly OpsNoticeKind[] = [
  "refund_not_covered",
  "refund_partial",
  "dispute_created",
  "refund_unknown_deposit",
];

export type NoticeRow = typeof operatorNotices.$inferSelect;
export type NoticeState = "open" | "handled" | "all";

/**
 * The operations notices of the payment webhook as cases (BACKEND_DB operator_notices): one row
 * per (kind, case), so a repeated delivery of the same refund or dispute is the same case. A
 * notice is open until an operator marks it handled, with a note; the database lets nothing else
 * of it change.
 */
export class NoticeStore {
  private readonly db: ReturnType<typeof backendDb>;

  constructor(
    database: D1Database,
    private readonly now: () => number,
  ) {
    this.db = backendDb({ BACKEND_DB: database });
  }

  /** Records a case notice (its user found by the payment when the notice does not name one); a repeat changes nothing. */
  async record(notice: OpsNotice): Promise<void> {
    if (!CASE_NOTICES.includes(notice.kind)) return;
    const { refs } = notice;
    const paymentIntentId = typeof refs.paymentIntentId === "string" ? refs.paymentIntentId : null;
    const caseKey = String(refs.disputeId ?? paymentIntentId ?? refs.chargeId ?? "unknown");
    const userId =
      typeof refs.userId === "number"
        ? sql`${refs.userId}`
        : sql`(SELECT ${iapDeposits.userId} FROM ${iapDeposits} WHERE ${iapDeposits.iapPurchaseId} = ${paymentIntentId})`;
    await this.db
      .insert(operatorNotices)
      .values({
        kind: notice.kind,
        caseKey,
        message: notice.message,
        userId,
        paymentIntentId,
        refs,
        createdAt: new Date(this.now()),
      })
      .onConflictDoNothing();
  }

  /** Open first (oldest open first: the longest waiting), then handled, newest first. */
  async list(state: NoticeState, limit = 200): Promise<NoticeRow[]> {
    const where =
      state === "open"
        ? isNull(operatorNotices.handledAt)
        : state === "handled"
          ? isNotNull(operatorNotices.handledAt)
          : undefined;
    const rows = await this.db
      .select()
      .from(operatorNotices)
      .where(where)
      .orderBy(desc(operatorNotices.id))
      .limit(limit)
      .all();
    return [...rows.filter((row) => row.handledAt === null).reverse(), ...rows.filter((row) => row.handledAt !== null)];
  }

  async get(id: number): Promise<NoticeRow | null> {
    return (await this.db.select().from(operatorNotices).where(eq(operatorNotices.id, id)).get()) ?? null;
  }

  /** The identity-provider uid of the notice's user, when it names one. */
  async userUidOf(notice: NoticeRow): Promise<string | null> {
    if (notice.userId === null) return null;
    const user = await this.db.select({ uid: users.idpUid }).from(users).where(eq(users.id, notice.userId)).get();
    return user?.uid ?? null;
  }

  /** A user's notices: naming them, or about one of their payments. */
  async forUser(userId: number, paymentIntentIds: readonly string[]): Promise<NoticeRow[]> {
    const about =
      paymentIntentIds.length > 0 ? inArray(operatorNotices.paymentIntentId, [...paymentIntentIds]) : undefined;
    return this.db
      .select()
      .from(operatorNotices)
      .where(or(eq(operatorNotices.userId, userId), about))
      .orderBy(desc(operatorNotices.id))
      .all();
  }

  /** The update that marks an open notice handled, for the batch that also writes its audit entry. */
  handledUpdate(id: number, operatorUid: string, note: string) {
    return this.db
      .update(operatorNotices)
      .set({ handledAt: new Date(this.now()), handledBy: operatorUid, handledNote: note })
      .where(and(eq(operatorNotices.id, id), isNull(operatorNotices.handledAt)))
      .returning({ id: operatorNotices.id });
  }
}

/** The webhook's notifier, with each case notice also recorded for the console (a failed record is logged, never the webhook's failure). */
export function recordingNotifier(
  notifier: OperationsNotifier,
  store: NoticeStore,
  log: { error(message: string, fields?: Record<string, unknown>): void },
): OperationsNotifier {
  return {
    async notify(notice) {
      try {
        await store.record(notice);
      } catch (error) {
        log.error("operations notice not recorded for the console", {
          opsNotice: notice.kind,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      await notifier.notify(notice);
    },
  };
}
