import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { decodeJwt } from "jose";
import { type Config, configFor, parseConfig } from "../../src/config";
import type { BackendProduct, ProviderPrice } from "../../src/store/catalog";
import type { CheckoutRequest, CheckoutSessionInfo, StorePayments } from "../../src/store/payments";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { handleError, notFound } from "../../src/worker-kit/errors";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { createStoreApp } from "../../workers/store/app";
import type { BackendMe, BackendPurchase, StoreBackend } from "../../workers/store/backend-client";

export const STORE = "http://localhost:8787/store";

/**
 * The backend as the store sees it, in memory: users by the uid of the ID token the store
 * forwards (the real backend verifies it; the store already did), and the WEB products.
 */
export class FakeBackend implements StoreBackend {
  readonly users = new Map<string, BackendMe>();
  readonly forwardedTokens: string[] = [];
  products: BackendProduct[] = [];
  /** Deposits by purchase id (payment intent id), with the uid of the user they credited. */
  readonly deposits = new Map<string, BackendPurchase & { uid: string }>();
  private nextId = 100;

  /** A backend user for the uid, as `me` will return it. */
  addUser(uid: string, fields: Partial<BackendMe> = {}): BackendMe {
    const me = { id: this.nextId++, balance: 0, hasActiveSubscription: false, ...fields };
    this.users.set(uid, me);
    return me;
  }

  async me(idToken: string): Promise<BackendMe> {
    this.forwardedTokens.push(idToken);
    const me = this.users.get(String(decodeJwt(idToken).sub));
    if (!me) throw new Error("unknown user");
    return me;
  }

  async webProducts(): Promise<BackendProduct[]> {
    return this.products;
  }

  async purchase(idToken: string, purchaseId: string): Promise<BackendPurchase | null> {
    this.forwardedTokens.push(idToken);
    const deposit = this.deposits.get(purchaseId);
    if (!deposit || deposit.uid !== String(decodeJwt(idToken).sub)) return null;
    return { purchaseId: deposit.purchaseId, cancelled: deposit.cancelled };
  }
}

/** The payment provider in memory: prices by lookup key, and the sessions the store creates. */
export class FakePayments implements StorePayments {
  prices: ProviderPrice[] = [];
  readonly created: (CheckoutRequest & { id: string })[] = [];
  readonly sessions = new Map<string, CheckoutSessionInfo>();

  async pricesByLookupKeys(keys: readonly string[]): Promise<ProviderPrice[]> {
    return this.prices.filter((price) => keys.includes(price.lookupKey));
  }

  async createCheckoutSession(request: CheckoutRequest) {
    const id = `cs_test_${this.created.length + 1}`;
    this.created.push({ ...request, id });
    this.sessions.set(id, {
      id,
      status: "open",
      paymentStatus: "unpaid",
      paymentIntentId: null,
      userId: request.userId,
      productId: request.productId,
    });
    return { id, url: `https://checkout.test/pay/${id}` };
  }

  async checkoutSession(id: string) {
    return this.sessions.get(id) ?? null;
  }
}

export interface StoreOptions {
  environment?: "dev" | "stg" | "prd";
  backend: FakeBackend;
  payments: StorePayments;
}

/**
 * The store app mounted as the platform mounts it, with the real identity provider (the dev IdP
 * in this Worker) and in-memory backend and payment provider. environment "prd" runs the same
 * app with ENVIRONMENT=prd (the override rules), still verifying tokens at the dev IdP.
 */
export function storeApp({ environment = "dev", backend, payments }: StoreOptions) {
  const devConfig = configFor(env);
  const config: Config =
    environment === "dev"
      ? devConfig
      : parseConfig({ ...env, ENVIRONMENT: environment, IDP_URL: "", PAYMENTS_URL: "" });
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("config", config);
    await next();
  });
  const app = createStoreApp({
    identityProvider: (workerEnv) => identityProviderFor(workerEnv, devConfig),
    backend: () => backend,
    payments: () => payments,
  });
  root.route(config.apps.store.path, app);
  root.notFound(notFound);
  root.onError(handleError);
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  return async (input: string, init?: RequestInit & { country?: string }) => {
    const { country, ...rest } = init ?? {};
    const request = new Request(input, { ...rest, ...(country ? { cf: { country } } : {}) });
    return root.fetch(request, env, ctx);
  };
}

/** Three products on both sides; prices in minor units (HKD and TWD in cents). */
export function standardCatalog(backend: FakeBackend, payments: FakePayments): void {
  backend.products = [
    { productId: "coins_100", coinCount: 100, subscriptionBonusRate: 0.05 },
    { productId: "coins_550", coinCount: 550, subscriptionBonusRate: 0.1 },
    { productId: "coins_1200", coinCount: 1200, subscriptionBonusRate: 0.15 },
  ];
  payments.prices = [
    { id: "price_100", lookupKey: "coins_100", amounts: { jpy: 160, krw: 1500, twd: 3500, hkd: 800 } },
    { id: "price_550", lookupKey: "coins_550", amounts: { jpy: 800, krw: 7500, twd: 17000, hkd: 4000 } },
    { id: "price_1200", lookupKey: "coins_1200", amounts: { jpy: 1600, krw: 15000, twd: 35000, hkd: 8000 } },
  ];
}

export function bearer(idToken: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${idToken}`, ...extra };
}
