/** What the `me` resolver returns; balance and hasActiveSubscription resolve from it. */
export interface MeParent {
  id: number;
}

/** What `productList` returns; its products resolve from the store. */
export interface ProductListParent {
  id: number;
  store: "IOS_STORE" | "ANDROID_STORE" | "WEB";
}
