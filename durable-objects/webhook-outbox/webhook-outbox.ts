import { DurableObject } from "cloudflare:workers";
import { formatBaseUrl } from "../../src/base-url";
import { configFor } from "../../src/config";
import { loopbackFetcher } from "../../src/worker-kit/loopback-fetch";
import { loggerFor } from "../../src/worker-kit/request-log";
import { afterAttempt, type QueuedEvent } from "./retry-schedule";

/** The one queue of the payment stand-in. */
export const WEBHOOK_OUTBOX_OBJECT = "stand-in";
const PREFIX = "event:";

/** What the stand-in's delivery route answers: per event, whether an endpoint answered 2xx. */
export interface DeliveryOutcome {
  eventId: string;
  delivered: boolean;
}

/**
 * The payment stand-in's webhook queue (dev only), as Stripe keeps one: an event is queued
 * before its first attempt and leaves only when the endpoint answered 2xx, so a delivery that
 * failed, or never finished because the process died, is made again from storage, after a
 * restart too. Gaps grow (retry-schedule.ts); the object's one alarm wakes it for the next due
 * event. Delivering (signing, sending) is the stand-in's: the alarm asks its route to deliver.
 */
export class WebhookOutbox extends DurableObject<Env> {
  /** Queues events for an attempt at `dueAt` (now: the caller attempts them itself, then settles). */
  async enqueue(eventIds: readonly string[], dueAt: number): Promise<void> {
    for (const eventId of eventIds) this.ctx.storage.kv.put(PREFIX + eventId, { eventId, attempts: 0, dueAt });
    await this.wakeForNext();
  }

  /** The outcome of attempts: delivered events leave the queue, the others wait for their next try. */
  async settle(outcomes: readonly DeliveryOutcome[]): Promise<void> {
    const now = Date.now();
    for (const { eventId, delivered } of outcomes) {
      const entry = this.ctx.storage.kv.get<QueuedEvent>(PREFIX + eventId);
      if (!entry) continue;
      const { next, gaveUp } = afterAttempt(entry, delivered, now);
      if (next) this.ctx.storage.kv.put(PREFIX + eventId, next);
      else this.ctx.storage.kv.delete(PREFIX + eventId);
      if (gaveUp)
        loggerFor(this.env, { app: "dev-payments" }).warn("payment stand-in gave up delivering an event", { eventId });
    }
    await this.wakeForNext();
  }

  /** Events waiting for a delivery, soonest first (the stand-in's GET /dev/events shows them). */
  async queued(): Promise<QueuedEvent[]> {
    return this.entries().sort((a, b) => a.dueAt - b.dueAt);
  }

  /**
   * The next event came due. Evaluated at least at the time the alarm was set for: an alarm never
   * fires before it, and a test's alarm runner moves time there.
   */
  override async alarm(): Promise<void> {
    const entries = this.entries();
    const now = Math.max(Date.now(), Math.min(...entries.map((entry) => entry.dueAt)));
    const due = entries.filter((entry) => entry.dueAt <= now);
    if (due.length > 0) await this.settle(await this.attempt(due.map((entry) => entry.eventId)));
    else await this.wakeForNext();
  }

  /** Asks the stand-in to deliver; a stand-in that cannot be reached counts as a failed attempt of each. */
  private async attempt(eventIds: string[]): Promise<DeliveryOutcome[]> {
    const config = configFor(this.env);
    const standIn = config.apps["dev-payments"];
    if (standIn) {
      try {
        const response = await loopbackFetcher(config)(
          new Request(`${formatBaseUrl(standIn)}/dev/outbox/deliver`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ eventIds }),
          }),
        );
        if (response.ok) return ((await response.json()) as { outcomes: DeliveryOutcome[] }).outcomes;
        await response.body?.cancel();
      } catch (error) {
        loggerFor(this.env, { app: "dev-payments" }).warn("webhook outbox could not reach the stand-in", {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return eventIds.map((eventId) => ({ eventId, delivered: false }));
  }

  private entries(): QueuedEvent[] {
    return [...this.ctx.storage.kv.list<QueuedEvent>({ prefix: PREFIX })].map(([, entry]) => entry);
  }

  private async wakeForNext(): Promise<void> {
    const next = Math.min(...this.entries().map((entry) => entry.dueAt));
    if (!Number.isFinite(next)) {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    // setAlarm(now) from inside alarm() may be dropped locally: at least 1 ms ahead.
    await this.ctx.storage.setAlarm(Math.max(next, Date.now() + 1));
  }
}
