import Stripe from "stripe";
import { CHECKOUT_LOCALE_OF } from "./checkout-locale";
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type CurrencyAmount,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentStatus,
  type ProductPrice,
  WebhookRejected,
} from "./payment-provider";

export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface StripeProviderOptions {
  /** Secret API key; null when the environment lacks it (every API call then fails, webhooks answer 400). */
  secretKey: string | null;
  /** Webhook signing secret (whsec_...); null: webhooks answer 400 and grant nothing. */
  webhookSecret: string | null;
  /** Where the API is: absent for Stripe itself; the dev stand-in's origin in dev and tests. */
  api?: { host: string; port: number; protocol: "http" | "https" };
  /** The fetch the Stripe fetch HTTP client uses. */
  fetch?: FetchFunction;
}

/** Stripe allows at most 10 lookup_keys per prices.list call. */
const LOOKUP_KEYS_PER_CALL = 10;

/**
 * The payment provider on Stripe through the `stripe` package: its fetch HTTP client for the API
 * and constructEventAsync (WebCrypto) for webhook signatures on the raw body. The same code talks
 * to api.stripe.com and to workers/dev-payments (host/port/protocol options).
 */
export class StripePaymentProvider implements PaymentProvider {
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | null;
  private readonly cryptoProvider = Stripe.createSubtleCryptoProvider();

  constructor(options: StripeProviderOptions) {
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey ?? "sk_missing", {
      httpClient: Stripe.createFetchHttpClient(options.fetch),
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(options.api ?? {}),
    });
  }

  async pricesByLookupKeys(lookupKeys: readonly string[]): Promise<ProductPrice[]> {
    const prices: ProductPrice[] = [];
    for (let i = 0; i < lookupKeys.length; i += LOOKUP_KEYS_PER_CALL) {
      const chunk = lookupKeys.slice(i, i + LOOKUP_KEYS_PER_CALL);
      const page = await this.call(() =>
        this.stripe.prices.list({
          lookup_keys: chunk,
          active: true,
          limit: 100,
          expand: ["data.currency_options"],
        }),
      );
      for (const price of page.data) {
        if (!price.lookup_key || price.unit_amount === null) continue;
        prices.push(toProductPrice(price, price.lookup_key, price.unit_amount));
      }
    }
    return prices;
  }

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const metadata = { user_id: String(request.userId), product_id: request.productId };
    const params: Stripe.Checkout.SessionCreateParams & { payment_method_types: string[] } = {
      mode: "payment",
      line_items: [{ price: request.priceId, quantity: 1 }],
      // Document 2: card (wallets included) and link only, no delayed or single-currency methods.
      // The API takes payment_method_types; this SDK's types leave it out in favour of dashboard
      // configurations, which would let an operator's click widen the list.
      payment_method_types: ["card", "link"],
      client_reference_id: String(request.userId),
      metadata,
      payment_intent_data: { metadata },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.currency ? { currency: request.currency } : {}),
      ...(request.locale ? { locale: CHECKOUT_LOCALE_OF[request.locale] } : {}),
    };
    const session = await this.call(() => this.stripe.checkout.sessions.create(params));
    return toCheckoutSession(session);
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession> {
    return toCheckoutSession(await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId)));
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] }),
    );
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    return {
      id: intent.id,
      status: intent.status,
      userId: parseUserId(intent.metadata?.user_id),
      productId: intent.metadata?.product_id ?? null,
      amountRefunded: charge?.amount_refunded ?? 0,
      refunded: charge?.refunded ?? false,
      paid: intent.status === "succeeded" && (charge?.paid ?? false),
    };
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    if (!this.webhookSecret)
      throw new WebhookRejected("secret_missing", "The webhook signing secret is not configured.");
    if (!signatureHeader) throw new WebhookRejected("signature_invalid", "The Stripe-Signature header is missing.");
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(
        rawBody,
        signatureHeader,
        this.webhookSecret,
        undefined,
        this.cryptoProvider,
      );
    } catch (error) {
      throw new WebhookRejected(
        "signature_invalid",
        `The webhook signature does not match the body (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    return toPaymentEvent(event);
  }

  /** Runs an API call; any failure becomes PaymentProviderError (callers answer 5xx). */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) {
        throw new PaymentProviderError(`Stripe: ${error.type} ${error.message}`, error.statusCode, {
          code: error.code ?? null,
          param: error.param ?? null,
        });
      }
      if (error instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderError(`Stripe: ${error.type} ${error.message}`, error.statusCode);
      }
      throw new PaymentProviderError(`Stripe: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function toProductPrice(price: Stripe.Price, lookupKey: string, unitAmount: number): ProductPrice {
  const taxBehavior = taxBehaviorOf(price.tax_behavior);
  const currencyOptions: Record<string, CurrencyAmount> = { [price.currency]: { unitAmount, taxBehavior } };
  for (const [currency, option] of Object.entries(price.currency_options ?? {})) {
    if (option.unit_amount === null) continue;
    currencyOptions[currency] = { unitAmount: option.unit_amount, taxBehavior: taxBehaviorOf(option.tax_behavior) };
  }
  return {
    priceId: price.id,
    lookupKey,
    active: price.active,
    currency: price.currency,
    unitAmount,
    taxBehavior,
    currencyOptions,
  };
}

const TAX_BEHAVIORS = ["inclusive", "exclusive", "unspecified"] as const;
function taxBehaviorOf(value: string | null | undefined): CurrencyAmount["taxBehavior"] {
  return TAX_BEHAVIORS.find((known) => known === value) ?? "unspecified";
}

function paymentStatusOf(value: string | null | undefined): PaymentStatus {
  return oneOf(value, ["paid", "unpaid", "no_payment_required"], "unpaid");
}

function oneOf<T extends string>(value: string | null | undefined, known: readonly T[], fallback: T): T {
  return known.find((k) => k === value) ?? fallback;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

function parseUserId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status: oneOf(session.status, ["open", "complete", "expired"], "open"),
    paymentStatus: paymentStatusOf(session.payment_status),
    paymentIntentId: idOf(session.payment_intent),
    userId: parseUserId(session.metadata?.user_id),
    productId: session.metadata?.product_id ?? null,
    currency: session.currency ?? null,
    amountTotal: session.amount_total ?? null,
  };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return {
        kind: "checkout_completed",
        eventId: event.id,
        sessionId: session.id,
        paymentStatus: paymentStatusOf(session.payment_status),
        paymentIntentId: idOf(session.payment_intent),
        userId: parseUserId(session.metadata?.user_id),
        productId: session.metadata?.product_id ?? null,
      };
    }
    case "charge.refunded": {
      const charge = event.data.object;
      return {
        kind: "charge_refunded",
        eventId: event.id,
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
      };
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      return {
        kind: "dispute_created",
        eventId: event.id,
        disputeId: dispute.id,
        chargeId: idOf(dispute.charge),
        paymentIntentId: idOf(dispute.payment_intent),
      };
    }
    default:
      return { kind: "other", eventId: event.id, type: event.type };
  }
}
