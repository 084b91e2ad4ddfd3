import { exports } from "cloudflare:workers";
import type { Config } from "../config";
import { apiOptionsFor, type PaymentsConfig, paymentsConfigFrom } from "./config";
import type { PaymentProvider } from "./payment-provider";
import { type FetchFunction, StripePaymentProvider } from "./stripe-provider";

export * from "./payment-provider";

const providers = new WeakMap<object, PaymentProvider>();

/** The payment provider of this environment, built once per env. */
export function paymentProviderFor(env: Env, config: Config): PaymentProvider {
  let provider = providers.get(env);
  if (!provider) {
    provider = createPaymentProvider(paymentsConfigOf(env, config));
    providers.set(env, provider);
  }
  return provider;
}

export function paymentsConfigOf(env: Env, config: Config): PaymentsConfig {
  return paymentsConfigFrom(env, config.apps["dev-payments"]);
}

export function createPaymentProvider(payments: PaymentsConfig): PaymentProvider {
  if (!payments.standIn) {
    return new StripePaymentProvider({ secretKey: payments.secretKey, webhookSecret: payments.webhookSecret });
  }
  return new StripePaymentProvider({
    secretKey: payments.secretKey,
    webhookSecret: payments.webhookSecret,
    api: apiOptionsFor(payments.standIn),
    fetch: standInFetch(payments.standIn.path),
  });
}

/**
 * In dev the Stripe API is workers/dev-payments inside this very Worker. The Stripe client
 * requests {origin}/v1/...; the stand-in serves the same paths under its base path. The request
 * is handed to this Worker's own fetch handler through ctx.exports (a Worker fetching its own
 * URL goes to the network and is unreliable), with the base path put in front.
 */
export function standInFetch(basePath: string): FetchFunction {
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.pathname = `${basePath}${url.pathname}`;
    return exports.default.fetch(new Request(url, request));
  };
}
