import Stripe from "stripe";
import { CHECKOUT_LOCALE_OF } from "./checkout-locale";
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentIntent,
  type PaymentProvider,
  PaymentProviderError,
  type ProductPrice,
  WebhookRejected,
} from "./payment-provider";
import { STRIPE_API_VERSION } from "./stripe-api-version";
import type { CheckoutPaymentMethodType } from "./stripe-enums";
import { toCheckoutSession, toPaymentEvent, toPaymentIntent, toProductPrice } from "./stripe-objects";

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
 * Document 2: card (wallets such as Apple Pay and Google Pay are card payments) and link; no
 * delayed-payment method and no single-currency wallet. Sent as `allowed_payment_method_types`,
 * the pinned API version's filter over the methods the account enables, so a method switched on
 * in the Dashboard cannot widen the list.
 */
export const CHECKOUT_PAYMENT_METHODS = ["card", "link"] as const satisfies readonly CheckoutPaymentMethodType[];

/**
 * The checkout session the platform asks Stripe for, typed by the pinned version's own
 * `SessionCreateParams`: a parameter that version does not take fails to compile.
 */
export function checkoutSessionParams(request: CheckoutSessionRequest): Stripe.Checkout.SessionCreateParams {
  const metadata = { user_id: String(request.userId), product_id: request.productId };
  return {
    mode: "payment",
    line_items: [{ price: request.priceId, quantity: 1 }],
    allowed_payment_method_types: [...CHECKOUT_PAYMENT_METHODS],
    client_reference_id: String(request.userId),
    metadata,
    payment_intent_data: { metadata },
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    ...(request.currency ? { currency: request.currency } : {}),
    ...(request.locale ? { locale: CHECKOUT_LOCALE_OF[request.locale] } : {}),
  };
}

/**
 * The payment provider on Stripe through the `stripe` package: its fetch HTTP client for the API
 * and constructEventAsync (WebCrypto) for webhook signatures on the raw body. The same code talks
 * to api.stripe.com and to workers/dev-payments (host/port/protocol options), always naming the
 * pinned API version.
 */
export class StripePaymentProvider implements PaymentProvider {
  private readonly stripe: Stripe;
  private readonly hasSecretKey: boolean;
  private readonly webhookSecret: string | null;
  private readonly cryptoProvider = Stripe.createSubtleCryptoProvider();

  constructor(options: StripeProviderOptions) {
    this.hasSecretKey = options.secretKey !== null;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey ?? "sk_missing", {
      apiVersion: STRIPE_API_VERSION,
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
      const params: Stripe.PriceListParams = {
        lookup_keys: lookupKeys.slice(i, i + LOOKUP_KEYS_PER_CALL),
        active: true,
        limit: 100,
        expand: ["data.currency_options"],
      };
      const page = await this.call(() => this.stripe.prices.list(params));
      for (const price of page.data) {
        const known = toProductPrice(price);
        if (known) prices.push(known);
      }
    }
    return prices;
  }

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
    const params = checkoutSessionParams(request);
    return toCheckoutSession(await this.call(() => this.stripe.checkout.sessions.create(params)));
  }

  async retrieveCheckoutSession(sessionId: string): Promise<CheckoutSession> {
    return toCheckoutSession(await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId)));
  }

  async retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent> {
    const params: Stripe.PaymentIntentRetrieveParams = { expand: ["latest_charge"] };
    return toPaymentIntent(await this.call(() => this.stripe.paymentIntents.retrieve(paymentIntentId, params)));
  }

  /**
   * Document 2: a missing payment secret makes webhooks answer 400 and grant nothing. Without the
   * API key no event could be acted on (completions and refunds refetch the payment intent), so
   * every event is refused the same way, before its signature is even read.
   */
  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<PaymentEvent> {
    if (!this.webhookSecret)
      throw new WebhookRejected("secret_missing", "The webhook signing secret is not configured.");
    if (!this.hasSecretKey)
      throw new WebhookRejected("secret_missing", "The payment provider's secret API key is not configured.");
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
