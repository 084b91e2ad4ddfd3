import Stripe from "stripe";
import { formatBaseUrl } from "../../src/base-url";
import type { Config } from "../../src/config";
import { loopbackFetcher } from "../../src/worker-kit/loopback-fetch";
import { currentLog } from "../../src/worker-kit/request-log";
import { type EventObject, newId, nowSeconds } from "./objects";
import type { DeliveryRecord, DeliverySettings, StandInStore } from "./store";

/** The API version the stand-in's events claim (the one the stripe package speaks). */
const API_VERSION = Stripe.API_VERSION;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

export interface EventContext {
  store: StandInStore;
  config: Config;
  webhookSecret: string | null;
}

/** Records an event of a state change; it is delivered by deliverNew (or held for a flush). */
export async function recordEvent(store: StandInStore, type: string, object: unknown): Promise<EventObject> {
  const event: EventObject = {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
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
 * Events just made by one action (a payment, a refund): sent now with the stand-in's settings,
 * or queued in hold mode.
 */
export async function deliverNew(ctx: EventContext, events: readonly EventObject[]): Promise<DeliveryRecord[]> {
  const settings = await ctx.store.settings();
  if (settings.mode === "hold") {
    await ctx.store.hold(events.map((event) => event.id));
    return [];
  }
  return deliver(ctx, events, settings);
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
  const url = `${formatBaseUrl(ctx.config.apps.backend)}/webhook/payprov`;
  const request = new Request(url, {
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
