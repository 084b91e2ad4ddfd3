/**
 * The backend's GraphQL schema (schema-first): the slice documents 2 serves at {API_URL}/graphql.
 * `npm run gen:graphql` generates resolver types (src/graphql/generated/resolvers.ts) and the
 * typed operations of clients (store server) from this text; resolvers are typed against it.
 */
export const typeDefs = /* GraphQL */ `
  """
  Where a product is sold. WEB is the browser coin store (document 2); the app stores keep their
  own products.
  """
  enum Store {
    IOS_STORE
    ANDROID_STORE
    WEB
  }

  "The signed-in user, from the bearer ID token."
  type Me {
    "users.id of the main backend."
    id: Int!
    "Coins: deposits + admin funds + unexpired bonus coins - orders, from the ledger."
    balance: Int!
    "A subscription (any store) is active now: premium members get subscriptionBonusRate on web purchases."
    hasActiveSubscription: Boolean!
    """
    One of this user's purchases by its store purchase id (iap_purchase_id; the payment intent id
    of a web purchase), as the ledger has it; null while no deposit is recorded for it (not yet
    credited, or another user's).
    """
    purchase(purchaseId: String!): Purchase
  }

  "A purchase that credited coins (iap_deposits)."
  type Purchase {
    purchaseId: String!
    "Coins the purchase credited (without a member bonus)."
    coinCount: Int!
    "Refunded: its coins were taken back (cancelled_at is set)."
    cancelled: Boolean!
  }

  "A coin product as it applies now (latest applied_at not in the future)."
  type ConsumableProduct {
    "Identifier; equals the price lookup key at the payment provider."
    productId: String!
    store: Store!
    "Coins credited for one purchase."
    coinCount: Int!
    "Bonus for premium members as a fraction (0.05 = +5%); the same value is shown and credited."
    subscriptionBonusRate: Float!
    "Display order, ascending."
    position: Int!
    "When this revision of price and rate took effect (ISO 8601)."
    appliedAt: String!
  }

  type Query {
    "Requires a bearer ID token (a publish-token ID token counts as none)."
    me: Me!
    currentConsumableProducts(store: Store!): [ConsumableProduct!]!
  }

  "A balance change of the signed-in user."
  type CoinBalance {
    balance: Int!
    "Milliseconds since the epoch of the change."
    updatedAt: Float!
  }

  type Subscription {
    """
    The signed-in user's balance: the current one first, then each new balance after a credit or
    cancel. Delivered over server-sent events (Accept: text/event-stream) or over GraphQL over
    WebSocket (subprotocol graphql-transport-ws, the ID token in connection_init's payload).
    """
    currentUserCoinBalance: CoinBalance!
  }
`;
