import type { SignedInPageConfig } from "./signed-in";

/** The operator page ordering the store's products (workers/backend): where to sign in, GraphQL, which list. */
export interface ProductOrderPageConfig extends SignedInPageConfig {
  /** {API_URL}/graphql */
  graphqlUrl: string;
  store: "WEB";
}

/** The element that holds the config. */
export const PRODUCT_ORDER_CONFIG_ID = "product-order-config";
