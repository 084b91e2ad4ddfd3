import type { CoinBalance, ConsumableProduct, Store } from "./generated/resolvers";

/** The backend operations the resolvers call; implemented over D1 and the BALANCE Durable Object. */
export interface GraphQLServices {
  balanceOf(userId: number): Promise<number>;
  hasActiveSubscription(userId: number): Promise<boolean>;
  currentConsumableProducts(store: Store): Promise<ConsumableProduct[]>;
  /** The user's balance changes: the current balance first, then one per credit or cancel. */
  balanceChanges(userId: number, signal: AbortSignal): AsyncIterable<CoinBalance>;
}
