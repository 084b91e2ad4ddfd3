import Stripe from "stripe";
import { FIRST_RETRY_MS } from "../../durable-objects/webhook-outbox/retry-schedule";
import type { WebhookOutbox } from "../../durable-objects/webhook-outbox/webhook-outbox";
import type { Config } from "../../src/config";
import { STRIPE_API_VERSION } from "../../src/payments/stripe-api-version";
import { loopbackFetcher } from "../../src/worker-kit/loopback-fetch";
import { currentLog } from "../../src/worker-kit/request-log";
import { type EventObject, type EventObjects, type EventType, newId, nowSeconds } from "./objects";
import type { DeliveryRecord, DeliverySettings, StandInStore } from "./store";

const cryptoProvider = Stripe.createSubtleCryptoProvider();

export interface EventContext {
  store: StandInStore;
  config: Config;
  webhookSecret: string | null;
  /** The webhook queue (durable-objects/webhook-outbox): what is not delivered yet is retried from it. */
  outbox: WebhookOutboxStub | null;
}

export type WebhookOutboxStub = DurableObjectStub<WebhookOutbox>;

/**
 * Records an event of a state change; it is delivered by deliverNew (or held for a flush). It
 * names the API version the platform pins, which its webhook endpoint would be set to at Stripe.
 */
export async function recordEvent<T extends EventType>(
  store: StandInStore,
  type: T,
  object: EventObjects[T],
): Promise<EventObject<T>> {
  const event: EventObject<T> = {
    id: newId("evt"),
    object: "event",
    api_version: STRIPE_API_VERSION,
    created: nowSeconds(),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
  await store.put("event", event.id, event);
  return event;
}

/**
 * Events just made by one action (a payment, a refund): queued for delivery first (so a delivery
 * that fails, or never ends because the process died, is retried from storage), then sent now
 * with the stand-in's settings, or `delayMs` later from the queue; in hold mode kept for a flush.
 */
export async function deliverNew(ctx: EventContext, events: readonly EventObject[]): Promise<DeliveryRecord[]> {
  const settings = await ctx.store.settings();
  if (settings.mode === "hold") {
    await ctx.store.hold(events.map((event) => event.id));
    return [];
  }
  const ids = events.map((event) => event.id);
  // No signing secret: nothing could ever be delivered, so nothing is queued (sendOnce logs it).
  const outbox = ctx.webhookSecret ? ctx.outbox : null;
  if (outbox && settings.delayMs > 0) {
    await outbox.enqueue(ids, Date.now() + settings.delayMs);
    return [];
  }
  await outbox?.enqueue(ids, Date.now() + FIRST_RETRY_MS);
  const records = await deliver(ctx, events, settings);
  await outbox?.settle(outcomesOf(ids, records));
  return records;
}

/** Per event: delivered when any attempt of it was answered 2xx. */
export function outcomesOf(eventIds: readonly string[], records: readonly DeliveryRecord[]) {
  return eventIds.map((eventId) => ({
    eventId,
    delivered: records.some((record) => record.eventId === eventId && isDelivered(record.status)),
  }));
}

function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

/**
 * Sends events to the backend's webhook endpoint, signed as Stripe signs them (Stripe-Signature
 * t=...,v1=HMAC-SHA256 of "t.body" with the endpoint's signing secret). Each event goes out
 * `duplicates` times at once; with order "reversed" the batch goes last first. A batch's events
 * are sent one after the other (the duplicates of one event together).
 */
export async function deliver(
  ctx: EventContext,
  events: readonly EventObject[],
  settings: Pick<DeliverySettings, "duplicates" | "order">,
): Promise<DeliveryRecord[]> {
  const ordered = settings.order === "reversed" ? [...events].reverse() : [...events];
  const records: DeliveryRecord[] = [];
  for (const event of ordered) {
    const copies = Array.from({ length: settings.duplicates }, () => sendOnce(ctx, event));
    records.push(...(await Promise.all(copies)));
  }
  await ctx.store.recordDeliveries(records);
  return records;
}

async function sendOnce(ctx: EventContext, event: EventObject): Promise<DeliveryRecord> {
  const payload = JSON.stringify(event, null, 2);
  const record: DeliveryRecord = { eventId: event.id, type: event.type, status: null, at: Date.now() };
  if (!ctx.webhookSecret) {
    currentLog().warn("payment stand-in has no STRIPE_WEBHOOK_SECRET; event not sent", { eventType: event.type });
    return record;
  }
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: ctx.webhookSecret,
    cryptoProvider,
  });
  const request = new Request(ctx.config.paymentsWebhookUrl, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    body: payload,
  });
  try {
    const response = await loopbackFetcher(ctx.config)(request);
    await response.body?.cancel();
    record.status = response.status;
  } catch (error) {
    currentLog().warn("payment stand-in could not reach the webhook", {
      eventType: event.type,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return record;
}
