import type { CoinBalance, ConsumableProduct } from "../../src/graphql/generated/resolvers";
import type { GraphQLServices } from "../../src/graphql/services";
import type { CoinLedger } from "../../src/ledger/coin-ledger";
import { openBalanceSnapshots } from "./balance-channel";

/** The resolvers' services over the ledger (D1) and the users' balance channels (BALANCE). */
export function graphqlServices(env: Pick<Env, "BALANCE">, ledger: CoinLedger): GraphQLServices {
  return {
    balanceOf: (userId) => ledger.balanceOf(userId),
    hasActiveSubscription: (userId) => ledger.hasActiveSubscription(userId),
    purchaseOf: async (userId, purchaseId) => {
      const deposit = await ledger.depositOf(userId, purchaseId);
      return (
        deposit && { purchaseId: deposit.iapPurchaseId, coinCount: deposit.coinCount, cancelled: deposit.cancelled }
      );
    },
    currentConsumableProducts: async (store) =>
      (await ledger.currentProducts(store)).map(
        (row): ConsumableProduct => ({
          id: row.productKey,
          productId: row.productId,
          store: row.store,
          coinCount: row.coinCount,
          subscriptionBonusRate: row.subscriptionBonusRate,
          position: row.position,
          appliedAt: row.appliedAt.toISOString(),
        }),
      ),
    // Subscribe first, then read the ledger: a credit between the two is not lost.
    balanceChanges: async function* (userId, signal): AsyncGenerator<CoinBalance> {
      const snapshots = await openBalanceSnapshots(env, userId, signal);
      yield { balance: await ledger.balanceOf(userId), updatedAt: Date.now() };
      yield* snapshots;
    },
  };
}
