import { Hono } from "hono";
import { z } from "zod";
import { formatBaseUrl } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { publicSession, refundPayment } from "../actions";
import { type CheckoutSessionObject, newId, nowSeconds, type PriceObject } from "../objects";
import { formBody, listOf, notFoundError, queryOf, StripeApiError, standInOf } from "../stand-in";

const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/)
  .transform((value) => value.toLowerCase());
const amount = z.coerce.number().int().min(0);
const taxBehavior = z.enum(["inclusive", "exclusive", "unspecified"]).default("unspecified");

const createPriceBody = z.object({
  currency,
  unit_amount: amount,
  lookup_key: z.string().min(1).max(200).optional(),
  tax_behavior: taxBehavior,
  product: z.string().optional(),
  currency_options: z.record(z.string(), z.object({ unit_amount: amount, tax_behavior: taxBehavior })).optional(),
});

const createSessionBody = z.object({
  mode: z.literal("payment"),
  line_items: z
    .array(z.object({ price: z.string().min(1), quantity: z.coerce.number().int().min(1).default(1) }))
    .length(1),
  payment_method_types: z.array(z.string()).optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  payment_intent_data: z.object({ metadata: z.record(z.string(), z.string()).optional() }).optional(),
  success_url: z.url(),
  cancel_url: z.url(),
  currency: currency.optional(),
  locale: z.string().optional(),
});

/** The API key of a request, as Stripe takes it: `Bearer <key>` or Basic with the key as user name. */
function apiKeyOf(header: string | undefined): string | undefined {
  const [scheme, value] = header?.split(/\s+/, 2) ?? [];
  if (scheme?.toLowerCase() === "bearer") return value;
  if (scheme?.toLowerCase() !== "basic" || !value) return undefined;
  try {
    return atob(value).split(":")[0];
  } catch {
    return undefined;
  }
}

function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = issue?.path.join(".") || undefined;
  throw new StripeApiError(
    400,
    "invalid_request_error",
    `Invalid request: ${param ?? "body"} ${issue?.message ?? ""}`,
    "parameter_invalid",
    param,
  );
}

/**
 * The Stripe API subset the platform's Stripe client calls, at the same paths (/v1/...), in the
 * same form encoding, answering the same JSON: prices by lookup key with currency_options,
 * checkout sessions, payment intents, refunds and disputes. Docs: docs/payments.md.
 */
export const apiRoutes = new Hono<AppEnv>()
  .use("/v1/*", async (c, next) => {
    const { apiKey } = standInOf(c);
    if (!apiKey || apiKeyOf(c.req.header("authorization")) !== apiKey) {
      throw new StripeApiError(401, "authentication_error", "Invalid API Key provided.");
    }
    await next();
  })
  .get("/v1/prices", async (c) => {
    const { store } = standInOf(c);
    const query = queryOf(c);
    const keys = listOf(query.lookup_keys);
    const prices = (await Promise.all(keys.map((key) => store.priceByLookupKey(key)))).filter(
      (price): price is PriceObject => price !== null,
    );
    // currency_options appear only when expanded, as with Stripe.
    const expand = listOf(query.expand).includes("data.currency_options");
    const data = prices.map(({ currency_options, ...price }) => (expand ? { ...price, currency_options } : price));
    return c.json({ object: "list", data, has_more: false, url: "/v1/prices" });
  })
  .post("/v1/prices", async (c) => {
    const { store } = standInOf(c);
    const body = parsed(createPriceBody, await formBody(c));
    const price: PriceObject = {
      id: newId("price"),
      object: "price",
      active: true,
      currency: body.currency,
      unit_amount: body.unit_amount,
      tax_behavior: body.tax_behavior,
      lookup_key: body.lookup_key ?? null,
      type: "one_time",
      product: body.product ?? newId("prod"),
      currency_options: {
        ...Object.fromEntries(
          Object.entries(body.currency_options ?? {}).map(([code, option]) => [code.toLowerCase(), option]),
        ),
        [body.currency]: { unit_amount: body.unit_amount, tax_behavior: body.tax_behavior },
      },
      created: nowSeconds(),
      livemode: false,
    };
    await store.put("price", price.id, price);
    if (price.lookup_key) await store.put("lookup", price.lookup_key, price.id);
    return c.json(price);
  })
  .post("/v1/checkout/sessions", async (c) => {
    const standIn = standInOf(c);
    const body = parsed(createSessionBody, await formBody(c));
    const [item] = body.line_items;
    const price = item ? await standIn.store.get("price", item.price) : null;
    if (!item || !price?.active) throw notFoundError("price", item?.price ?? "");
    const chosen = body.currency ?? price.currency;
    const option = price.currency_options[chosen];
    if (!option) {
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `The price has no currency_options for ${chosen}.`,
        undefined,
        "currency",
      );
    }
    const id = newId("cs_test");
    const session: CheckoutSessionObject = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      payment_intent_metadata: body.payment_intent_data?.metadata ?? {},
      payment_method_types: body.payment_method_types ?? ["card"],
      currency: chosen,
      amount_total: option.unit_amount * item.quantity,
      price: price.id,
      locale: body.locale ?? null,
      url: `${formatBaseUrl(standIn.config.apps["dev-payments"] ?? standIn.config.apps.backend)}/checkout/${id}`,
      success_url: body.success_url.replaceAll("{CHECKOUT_SESSION_ID}", id),
      cancel_url: body.cancel_url,
      created: nowSeconds(),
      livemode: false,
    };
    await standIn.store.put("session", id, session);
    return c.json(publicSession(session));
  })
  .get("/v1/checkout/sessions/:id", async (c) => {
    const session = await standInOf(c).store.get("session", c.req.param("id"));
    if (!session) throw notFoundError("checkout.session", c.req.param("id"));
    return c.json(publicSession(session));
  })
  .get("/v1/payment_intents/:id", async (c) => {
    const { store } = standInOf(c);
    const intent = await store.get("payment_intent", c.req.param("id"));
    if (!intent) throw notFoundError("payment_intent", c.req.param("id"));
    if (!listOf(queryOf(c).expand).includes("latest_charge")) return c.json(intent);
    return c.json({ ...intent, latest_charge: await store.get("charge", intent.latest_charge) });
  })
  .get("/v1/charges/:id", async (c) => {
    const charge = await standInOf(c).store.get("charge", c.req.param("id"));
    if (!charge) throw notFoundError("charge", c.req.param("id"));
    return c.json(charge);
  })
  .post("/v1/refunds", async (c) => {
    const standIn = standInOf(c);
    const body = parsed(
      z.object({ payment_intent: z.string().optional(), charge: z.string().optional() }),
      await formBody(c),
    );
    let intentId = body.payment_intent;
    if (!intentId && body.charge) intentId = (await standIn.store.get("charge", body.charge))?.payment_intent;
    if (!intentId)
      throw new StripeApiError(400, "invalid_request_error", "One of payment_intent or charge is required.");
    return c.json(await refundPayment(standIn, intentId));
  })
  .get("/v1/disputes/:id", async (c) => {
    const dispute = await standInOf(c).store.get("dispute", c.req.param("id"));
    if (!dispute) throw notFoundError("dispute", c.req.param("id"));
    return c.json(dispute);
  });
