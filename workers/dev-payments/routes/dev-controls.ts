import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { ApiError } from "../../../src/worker-kit/errors";
import { openDispute, paySession, publicSession } from "../actions";
import { deliver, outcomesOf } from "../events";
import type { EventObject } from "../objects";
import { standInOf } from "../stand-in";

const settingsBody = z.object({
  mode: z.enum(["immediate", "hold"]).optional(),
  duplicates: z.number().int().min(1).max(50).optional(),
  order: z.enum(["normal", "reversed"]).optional(),
  delayMs: z.number().int().min(0).max(60_000).optional(),
});

async function jsonBody<T>(schema: z.ZodType<T>, request: Request): Promise<T> {
  const text = await request.text();
  const parsed = schema.safeParse(text === "" ? {} : JSON.parse(text));
  if (!parsed.success) throw new ApiError(400, "invalid_body", z.prettifyError(parsed.error));
  return parsed.data;
}

/**
 * Dev controls of the stand-in (no Stripe counterpart): delivery settings (copies, order, hold),
 * flushing held events, resending one, paying a session without the page, opening a dispute.
 */
export const devControlRoutes = new Hono<AppEnv>()
  .get("/dev/events", async (c) => {
    const { store, outbox } = standInOf(c);
    return c.json({
      settings: await store.settings(),
      held: await store.held(),
      queued: (await outbox?.queued()) ?? [],
      deliveries: await store.deliveries(),
    });
  })
  .post("/dev/settings", async (c) => {
    const { store } = standInOf(c);
    const body = await jsonBody(settingsBody, c.req.raw);
    const settings = { ...(await store.settings()), ...body };
    await store.setSettings(settings);
    return c.json(settings);
  })
  .post("/dev/events/flush", async (c) => {
    const standIn = standInOf(c);
    const body = await jsonBody(settingsBody.omit({ mode: true, delayMs: true }), c.req.raw);
    const ids = await standIn.store.takeHeld();
    const events = (await Promise.all(ids.map((id) => standIn.store.get("event", id)))).filter(
      (event): event is EventObject => event !== null,
    );
    const settings = { ...(await standIn.store.settings()), ...body };
    return c.json({ deliveries: await deliver(standIn, events, settings) });
  })
  // The webhook queue's alarm (durable-objects/webhook-outbox): one attempt of each due event.
  .post("/dev/outbox/deliver", async (c) => {
    const standIn = standInOf(c);
    const { eventIds } = await jsonBody(z.object({ eventIds: z.array(z.string().max(64)).max(100) }), c.req.raw);
    const events = (await Promise.all(eventIds.map((id) => standIn.store.get("event", id)))).filter(
      (event): event is EventObject => event !== null,
    );
    const records = await deliver(standIn, events, { duplicates: 1, order: "normal" });
    // An event the stand-in no longer has cannot be delivered: it leaves the queue.
    const outcomes = outcomesOf(eventIds, records).map((outcome) =>
      events.some((event) => event.id === outcome.eventId) ? outcome : { ...outcome, delivered: true },
    );
    return c.json({ outcomes });
  })
  .post("/dev/events/:id/resend", async (c) => {
    const standIn = standInOf(c);
    const body = await jsonBody(z.object({ times: z.number().int().min(1).max(50).default(1) }), c.req.raw);
    const event = await standIn.store.get("event", c.req.param("id"));
    if (!event) throw new ApiError(404, "event_not_found", `No event ${c.req.param("id")}.`);
    return c.json({ deliveries: await deliver(standIn, [event], { duplicates: body.times, order: "normal" }) });
  })
  .post("/dev/checkout/:id/pay", async (c) => {
    const session = await paySession(standInOf(c), c.req.param("id"));
    return c.json(publicSession(session));
  })
  .post("/dev/payment_intents/:id/dispute", async (c) => c.json(await openDispute(standInOf(c), c.req.param("id"))));
