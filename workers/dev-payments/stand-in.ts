import type { Context } from "hono";
import { parse } from "qs";
import { WEBHOOK_OUTBOX_OBJECT } from "../../durable-objects/webhook-outbox/webhook-outbox";
import type { AppEnv } from "../../src/worker-kit/app-env";
import type { EventContext, WebhookOutboxStub } from "./events";
import { StandInStore } from "./store";

/** Everything a stand-in route needs: its store, the config, the signing secret and API key. */
export interface StandIn extends EventContext {
  apiKey: string | null;
}

export function standInOf(c: Context<AppEnv>): StandIn {
  return {
    store: new StandInStore(c.env.SESSIONS),
    config: c.get("config"),
    webhookSecret: c.env.STRIPE_WEBHOOK_SECRET?.trim() || null,
    outbox: outboxOf(c.env),
    apiKey: c.env.STRIPE_SECRET_KEY?.trim() || null,
  };
}

function outboxOf(env: Env): WebhookOutboxStub | null {
  const namespace = env.WEBHOOK_OUTBOX;
  return namespace ? namespace.get(namespace.idFromName(WEBHOOK_OUTBOX_OBJECT)) : null;
}

/** An error in Stripe's shape: {error: {type, message, code?, param?}}. */
export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404,
    readonly type: "invalid_request_error" | "authentication_error",
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = "StripeApiError";
  }
}

export function stripeErrorResponse(error: StripeApiError): Response {
  return Response.json(
    { error: { type: error.type, message: error.message, code: error.code, param: error.param } },
    { status: error.status },
  );
}

/** Stripe clients send form-encoded bodies with bracket nesting (metadata[user_id]=1). */
export async function formBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  // Decoded by hand: workerd warns on .text() of a form-urlencoded body.
  return parse(new TextDecoder().decode(await c.req.arrayBuffer()), { depth: 5, arrayLimit: 100 });
}

export function queryOf(c: Context<AppEnv>): Record<string, unknown> {
  return parse(new URL(c.req.url).search.slice(1), { depth: 5, arrayLimit: 100 });
}

export function notFoundError(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", "id");
}
