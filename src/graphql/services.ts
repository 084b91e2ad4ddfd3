import type { CoinBalance, ConsumableProduct, Purchase, Store } from "./generated/resolvers";

/** The backend operations the resolvers call; implemented over D1 and the BALANCE Durable Object. */
export interface GraphQLServices {
  balanceOf(userId: number): Promise<number>;
  hasActiveSubscription(userId: number): Promise<boolean>;
  /** The user's own deposit of this purchase id; null when there is none (or it is another user's). */
  purchaseOf(userId: number, purchaseId: string): Promise<Purchase | null>;
  currentConsumableProducts(store: Store): Promise<ConsumableProduct[]>;
  /** The user's balance changes: the current balance first, then one per credit or cancel. */
  balanceChanges(userId: number, signal: AbortSignal): AsyncIterable<CoinBalance>;
}
