/**
 * Pure rules of the coin ledger (document 2): how many bonus coins a premium member gets, how long
 * they last, and whether a refund can take its coins back.
 */

/** Bonus coins are limited-time coins; they count towards the balance this long after the purchase. */
export const LIMITED_COIN_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

/**
 * Bonus coins of a premium member: the product's coin count times its subscriptionBonusRate,
 * rounded down (the rate shown is the rate credited). Rounding noise of the float (0.07 * 100 =
 * 7.000000000000001) is removed before flooring.
 */
export function bonusCoins(coinCount: number, subscriptionBonusRate: number, premium: boolean): number {
  if (!premium || subscriptionBonusRate <= 0) return 0;
  return Math.floor(Math.round(coinCount * subscriptionBonusRate * 1e6) / 1e6);
}

/** A refund cancels its deposit (and bonus) only while the balance still covers those coins. */
export function refundCovered(balance: number, coinsToTakeBack: number): boolean {
  return balance >= coinsToTakeBack;
}
