/** What the `me` resolver returns; balance and hasActiveSubscription resolve from it. */
export interface MeParent {
  id: number;
}
