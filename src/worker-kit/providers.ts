import type { Config } from "../config";
import { apiOptionsFor, paymentsConfigFrom } from "../config/payments";
import { FirebaseIdentityProvider } from "../idp/firebase-provider";
import type { IdentityProvider } from "../idp/identity-provider";
import type { PaymentProvider } from "../payments/payment-provider";
import { type FetchFunction, StripePaymentProvider } from "../payments/stripe-provider";
import { loopbackFetcher } from "./loopback-fetch";

const identityProviders = new WeakMap<object, IdentityProvider>();

/**
 * The identity provider of this environment, built once per env (its key and JWKS caches live
 * on). In dev the provider is workers/dev-idp inside this very Worker: its requests take the
 * loopback (src/worker-kit/loopback-fetch.ts), no socket, same code path.
 */
export function identityProviderFor(env: Env, config: Config): IdentityProvider {
  let provider = identityProviders.get(env);
  if (!provider) {
    provider = new FirebaseIdentityProvider(config.idp, loopbackFetcher(config));
    identityProviders.set(env, provider);
  }
  return provider;
}

const paymentProviders = new WeakMap<object, PaymentProvider>();

/** The payment provider of this environment, built once per env. */
export function paymentProviderFor(env: Env, config: Config): PaymentProvider {
  let provider = paymentProviders.get(env);
  if (!provider) {
    const payments = paymentsConfigFrom(env);
    provider = new StripePaymentProvider({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      api: apiOptionsFor(config.stripeApi),
      fetch: stripeApiFetch(config.stripeApi.path, config),
    });
    paymentProviders.set(env, provider);
  }
  return provider;
}

/**
 * The Stripe client requests {origin}/v1/... of STRIPE_API_URL. In dev that URL is
 * workers/dev-payments inside this very Worker, which serves the same paths under its base path:
 * the path is put in front, and the request takes the loopback (src/worker-kit/loopback-fetch.ts).
 * In stg and prd it is api.stripe.com, and the request goes out as it is.
 */
export function stripeApiFetch(basePath: string, config: Config): FetchFunction {
  const loopback = loopbackFetcher(config);
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.pathname = `${basePath}${url.pathname}`;
    return loopback(new Request(url, request));
  };
}
