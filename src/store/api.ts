import type { Currency } from "./currency";
import type { CheckoutSessionInfo } from "./payments";

/**
 * The store's own API as its page sees it (document 2, Rule 4: the page calls the store only):
 * the bodies the store server answers (workers/store/routes) and the page reads (browser/store).
 */

/** GET /api/config: what the page needs to sign in, all of it public. */
export interface StoreClientConfig {
  environment: "dev" | "stg" | "prd";
  authUrl: string;
  clientId: string;
  idp: { apiUrl: string; tokenUrl: string; apiKey: string };
}

/** One product of GET /api/products. */
export interface StoreProduct {
  productId: string;
  coins: number;
  /** Premium members' bonus as a fraction (0.05 = +5%). */
  bonusRate: number;
  /** The price in the visitor's currency: minor units, as the provider charges it. */
  price: { currency: Currency; amount: number };
}

/** GET /api/products: WEB products with their price in the visitor's currency. */
export interface StoreProducts {
  currency: Currency;
  products: StoreProduct[];
}

/** GET /api/me: the signed-in user, balance and premium status. */
export interface StoreMe {
  user: { id: number };
  balance: number;
  premium: boolean;
  /** What a premium member gets on top (the highest rate on sale); 0 for everyone else. */
  bonusRate: number;
}

/**
 * Whether the backend has credited a checkout's coins: `none` (no deposit of this session yet, or
 * never: not paid), `credited`, or `cancelled` (credited, then refunded).
 */
export type StoreCredit = "none" | "credited" | "cancelled";

/**
 * GET /api/session-status: the result page's view of its checkout, as the provider tells it, and
 * whether the backend has credited it (this session's own deposit, not a change of the balance).
 */
export type StoreSessionStatus = { sessionId: string; credit: StoreCredit } & Pick<
  CheckoutSessionInfo,
  "status" | "paymentStatus" | "productId"
>;

/** POST /api/checkout: the hosted checkout page to send the visitor to. */
export interface StoreCheckout {
  url: string;
}
