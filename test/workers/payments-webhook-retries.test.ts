import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { FIRST_RETRY_MS } from "../../durable-objects/webhook-outbox/retry-schedule";
import { WEBHOOK_OUTBOX_OBJECT, type WebhookOutbox } from "../../durable-objects/webhook-outbox/webhook-outbox";
import {
  checkout,
  deliverySettings,
  flushEvents,
  ledger,
  newUser,
  PAYMENTS,
  pay,
  standInPrice,
  unique,
  webProduct,
} from "./helpers/payments";

const outbox = () =>
  env.WEBHOOK_OUTBOX?.get(env.WEBHOOK_OUTBOX.idFromName(WEBHOOK_OUTBOX_OBJECT)) as DurableObjectStub<WebhookOutbox>;

async function standInView() {
  const response = await exports.default.fetch(`${PAYMENTS}/dev/events`);
  return (await response.json()) as {
    queued: { eventId: string; attempts: number; dueAt: number }[];
    deliveries: { eventId: string; status: number | null }[];
  };
}

/** A fresh user paying a fresh 100-coin product at the stand-in (events per the delivery settings). */
async function purchase() {
  const productId = unique("coins");
  await webProduct(productId, 100);
  await standInPrice(productId);
  const userId = await newUser();
  const session = await checkout(userId, productId);
  await pay(session.id);
  return { userId };
}

describe("the payment stand-in's webhook queue", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await deliverySettings({ mode: "hold" });
    await flushEvents();
    await runInDurableObject(outbox(), (_object, state) => state.storage.deleteAll());
  });

  it("delivers at once and keeps nothing queued when the endpoint answers 2xx", async () => {
    await deliverySettings({ mode: "immediate", delayMs: 0 });
    const { userId } = await purchase();
    expect(await ledger.balanceOf(userId)).toBe(100);
    expect((await standInView()).queued).toEqual([]);
    expect(await runInDurableObject(outbox(), (_object, state) => state.storage.getAlarm())).toBeNull();
  });

  it("with delayMs, sends a payment's events from the queue when its alarm comes, once", async () => {
    await deliverySettings({ mode: "immediate", delayMs: 5_000 });
    const { userId } = await purchase();
    const queued = (await standInView()).queued;
    expect(queued.map((entry) => entry.attempts)).toEqual([0, 0, 0]);
    expect(await ledger.balanceOf(userId)).toBe(0);
    expect(await runDurableObjectAlarm(outbox())).toBe(true);
    expect(await ledger.balanceOf(userId)).toBe(100);
    expect((await standInView()).queued).toEqual([]);
    // Nothing is left to send: the alarm is gone, and the credit stays single.
    expect(await runDurableObjectAlarm(outbox())).toBe(false);
    expect(await ledger.balanceOf(userId)).toBe(100);
  });

  it("keeps a failed attempt queued with a growing gap, and the retry credits once", async () => {
    await deliverySettings({ mode: "immediate", delayMs: 5_000 });
    const { userId } = await purchase();
    const ids = (await standInView()).queued.map((entry) => entry.eventId);
    const before = Date.now();
    await outbox().settle(ids.map((eventId) => ({ eventId, delivered: false })));
    await outbox().settle(ids.map((eventId) => ({ eventId, delivered: false })));
    const retrying = (await standInView()).queued;
    expect(retrying.map((entry) => entry.attempts)).toEqual([2, 2, 2]);
    for (const entry of retrying) expect(entry.dueAt).toBeGreaterThanOrEqual(before + 2 * FIRST_RETRY_MS);
    expect(await runDurableObjectAlarm(outbox())).toBe(true);
    expect(await ledger.balanceOf(userId)).toBe(100);
    expect((await standInView()).queued).toEqual([]);
  });

  it("refuses a delay out of range with 400 invalid_body", async () => {
    const response = await exports.default.fetch(`${PAYMENTS}/dev/settings`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ delayMs: 3_600_000 }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_body" });
  });
});
