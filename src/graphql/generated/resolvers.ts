import type { GraphQLResolveInfo } from "graphql";
import type { GraphQLContext } from "../context";
import type { MeParent, ProductListParent } from "../models";
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string };
  String: { input: string; output: string };
  Boolean: { input: boolean; output: boolean };
  Int: { input: number; output: number };
  Float: { input: number; output: number };
};

/** A balance change of the signed-in user. */
export type CoinBalance = {
  __typename?: "CoinBalance";
  balance: Scalars["Int"]["output"];
  /** Milliseconds since the epoch of the change. */
  updatedAt: Scalars["Float"]["output"];
};

/** A coin product as it applies now (latest applied_at not in the future). */
export type ConsumableProduct = {
  __typename?: "ConsumableProduct";
  /** When this revision of price and rate took effect (ISO 8601). */
  appliedAt: Scalars["String"]["output"];
  /** Coins credited for one purchase. */
  coinCount: Scalars["Int"]["output"];
  /** The product's id (its first revision's id; stable across price revisions). Used by reorderConsumableProducts. */
  id: Scalars["Int"]["output"];
  /** Display order, ascending. */
  position: Scalars["Int"]["output"];
  /** Identifier; equals the price lookup key at the payment provider. */
  productId: Scalars["String"]["output"];
  store: Store;
  /** Bonus for premium members as a fraction (0.05 = +5%); the same value is shown and credited. */
  subscriptionBonusRate: Scalars["Float"]["output"];
};

/** The signed-in user, from the bearer ID token. */
export type Me = {
  __typename?: "Me";
  /** Coins: deposits + admin funds + unexpired bonus coins - orders, from the ledger. */
  balance: Scalars["Int"]["output"];
  /** A subscription (any store) is active now: premium members get subscriptionBonusRate on web purchases. */
  hasActiveSubscription: Scalars["Boolean"]["output"];
  /** users.id of the main backend. */
  id: Scalars["Int"]["output"];
  /**
   * One of this user's purchases by its store purchase id (iap_purchase_id; the payment intent id
   * of a web purchase), as the ledger has it; null while no deposit is recorded for it (not yet
   * credited, or another user's).
   */
  purchase: Maybe<Purchase>;
};

/** The signed-in user, from the bearer ID token. */
export type MePurchaseArgs = {
  purchaseId: Scalars["String"]["input"];
};

export type Mutation = {
  __typename?: "Mutation";
  /**
   * Variant A: replaces the order of a store's products (item at index i gets position i) and
   * returns them in the new order. Requires a platform admin (ID-token claim admin).
   */
  reorderConsumableProducts: Array<ConsumableProduct>;
  /**
   * Variant B: replaces the order of a scenario's revisions. Requires the admin role on the
   * scenario: its owner, or a platform admin.
   */
  reorderScenarioRevisions: ReorderScenarioRevisionsPayload;
};

export type MutationReorderConsumableProductsArgs = {
  input: ReorderConsumableProductsInput;
};

export type MutationReorderScenarioRevisionsArgs = {
  input: ReorderScenarioRevisionsInput;
};

/** A store's list of products: the parent of the store's product order. */
export type ProductList = {
  __typename?: "ProductList";
  id: Scalars["Int"]["output"];
  /** The store's current products in list order (position asc, id asc). */
  products: Array<ConsumableProduct>;
  store: Store;
};

/** A purchase that credited coins (iap_deposits). */
export type Purchase = {
  __typename?: "Purchase";
  /** Refunded: its coins were taken back (cancelled_at is set). */
  cancelled: Scalars["Boolean"]["output"];
  /** Coins the purchase credited (without a member bonus). */
  coinCount: Scalars["Int"]["output"];
  purchaseId: Scalars["String"]["output"];
};

export type Query = {
  __typename?: "Query";
  currentConsumableProducts: Array<ConsumableProduct>;
  /** Requires a bearer ID token (a publish-token ID token counts as none). */
  me: Me;
  /** The product list of a store (its id is the parentId of reorderConsumableProducts). */
  productList: ProductList;
  /** A scenario's revisions in list order. Requires the admin role on the scenario (its owner, or a platform admin). */
  scenarioRevisions: Array<ScenarioRevision>;
};

export type QueryCurrentConsumableProductsArgs = {
  store: Store;
};

export type QueryProductListArgs = {
  store: Store;
};

export type QueryScenarioRevisionsArgs = {
  scenarioId: Scalars["ID"]["input"];
};

/** Variant A: the full new order of a parent's items. */
export type ReorderConsumableProductsInput = {
  /** Every current product of the list (ConsumableProduct.id), each once, in the new order. */
  itemIds: Array<Scalars["Int"]["input"]>;
  /** ProductList.id */
  parentId: Scalars["Int"]["input"];
};

/** Variant B: the full new order of a parent's items. */
export type ReorderScenarioRevisionsInput = {
  /** Every revision of the scenario, each once, in the new order. */
  ids: Array<Scalars["ID"]["input"]>;
  /** The scenario id. */
  parentId: Scalars["ID"]["input"];
};

export type ReorderScenarioRevisionsPayload = {
  __typename?: "ReorderScenarioRevisionsPayload";
  succeeded: Scalars["Boolean"]["output"];
};

/** A published revision of a scenario, as its admins list it. */
export type ScenarioRevision = {
  __typename?: "ScenarioRevision";
  id: Scalars["ID"]["output"];
  name: Maybe<Scalars["String"]["output"]>;
  /** Place in the scenario's list (position asc, id asc). */
  position: Scalars["Int"]["output"];
};

/**
 * Where a product is sold. WEB is the browser coin store (document 2); the app stores keep their
 * own products.
 */
export type Store = "ANDROID_STORE" | "IOS_STORE" | "WEB";

export type Subscription = {
  __typename?: "Subscription";
  /**
   * The signed-in user's balance: the current one first, then each new balance after a credit or
   * cancel. Delivered over server-sent events (Accept: text/event-stream) or over GraphQL over
   * WebSocket (subprotocol graphql-transport-ws, the ID token in connection_init's payload).
   */
  currentUserCoinBalance: CoinBalance;
};

export type ResolverTypeWrapper<T> = Promise<T> | T;

export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<
  TResult,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<
  TResult,
  TKey extends string,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo,
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  obj: T,
  context: TContext,
  info: GraphQLResolveInfo,
) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<
  TResult = Record<PropertyKey, never>,
  TParent = Record<PropertyKey, never>,
  TContext = Record<PropertyKey, never>,
  TArgs = Record<PropertyKey, never>,
> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo,
) => TResult | Promise<TResult>;

/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  Boolean: ResolverTypeWrapper<Scalars["Boolean"]["output"]>;
  CoinBalance: ResolverTypeWrapper<CoinBalance>;
  ConsumableProduct: ResolverTypeWrapper<ConsumableProduct>;
  Float: ResolverTypeWrapper<Scalars["Float"]["output"]>;
  ID: ResolverTypeWrapper<Scalars["ID"]["output"]>;
  Int: ResolverTypeWrapper<Scalars["Int"]["output"]>;
  Me: ResolverTypeWrapper<MeParent>;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ProductList: ResolverTypeWrapper<ProductListParent>;
  Purchase: ResolverTypeWrapper<Purchase>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  ReorderConsumableProductsInput: ReorderConsumableProductsInput;
  ReorderScenarioRevisionsInput: ReorderScenarioRevisionsInput;
  ReorderScenarioRevisionsPayload: ResolverTypeWrapper<ReorderScenarioRevisionsPayload>;
  ScenarioRevision: ResolverTypeWrapper<ScenarioRevision>;
  Store: Store;
  String: ResolverTypeWrapper<Scalars["String"]["output"]>;
  Subscription: ResolverTypeWrapper<Record<PropertyKey, never>>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  Boolean: Scalars["Boolean"]["output"];
  CoinBalance: CoinBalance;
  ConsumableProduct: ConsumableProduct;
  Float: Scalars["Float"]["output"];
  ID: Scalars["ID"]["output"];
  Int: Scalars["Int"]["output"];
  Me: MeParent;
  Mutation: Record<PropertyKey, never>;
  ProductList: ProductListParent;
  Purchase: Purchase;
  Query: Record<PropertyKey, never>;
  ReorderConsumableProductsInput: ReorderConsumableProductsInput;
  ReorderScenarioRevisionsInput: ReorderScenarioRevisionsInput;
  ReorderScenarioRevisionsPayload: ReorderScenarioRevisionsPayload;
  ScenarioRevision: ScenarioRevision;
  String: Scalars["String"]["output"];
  Subscription: Record<PropertyKey, never>;
};

export type CoinBalanceResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["CoinBalance"] = ResolversParentTypes["CoinBalance"],
> = {
  balance?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes["Float"], ParentType, ContextType>;
};

export type ConsumableProductResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["ConsumableProduct"] = ResolversParentTypes["ConsumableProduct"],
> = {
  appliedAt?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  coinCount?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  id?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  position?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
  store?: Resolver<ResolversTypes["Store"], ParentType, ContextType>;
  subscriptionBonusRate?: Resolver<ResolversTypes["Float"], ParentType, ContextType>;
};

export type MeResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["Me"] = ResolversParentTypes["Me"],
> = {
  balance?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  hasActiveSubscription?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  id?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  purchase?: Resolver<
    Maybe<ResolversTypes["Purchase"]>,
    ParentType,
    ContextType,
    RequireFields<MePurchaseArgs, "purchaseId">
  >;
};

export type MutationResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["Mutation"] = ResolversParentTypes["Mutation"],
> = {
  reorderConsumableProducts?: Resolver<
    Array<ResolversTypes["ConsumableProduct"]>,
    ParentType,
    ContextType,
    RequireFields<MutationReorderConsumableProductsArgs, "input">
  >;
  reorderScenarioRevisions?: Resolver<
    ResolversTypes["ReorderScenarioRevisionsPayload"],
    ParentType,
    ContextType,
    RequireFields<MutationReorderScenarioRevisionsArgs, "input">
  >;
};

export type ProductListResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["ProductList"] = ResolversParentTypes["ProductList"],
> = {
  id?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  products?: Resolver<Array<ResolversTypes["ConsumableProduct"]>, ParentType, ContextType>;
  store?: Resolver<ResolversTypes["Store"], ParentType, ContextType>;
};

export type PurchaseResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["Purchase"] = ResolversParentTypes["Purchase"],
> = {
  cancelled?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
  coinCount?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
  purchaseId?: Resolver<ResolversTypes["String"], ParentType, ContextType>;
};

export type QueryResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["Query"] = ResolversParentTypes["Query"],
> = {
  currentConsumableProducts?: Resolver<
    Array<ResolversTypes["ConsumableProduct"]>,
    ParentType,
    ContextType,
    RequireFields<QueryCurrentConsumableProductsArgs, "store">
  >;
  me?: Resolver<ResolversTypes["Me"], ParentType, ContextType>;
  productList?: Resolver<
    ResolversTypes["ProductList"],
    ParentType,
    ContextType,
    RequireFields<QueryProductListArgs, "store">
  >;
  scenarioRevisions?: Resolver<
    Array<ResolversTypes["ScenarioRevision"]>,
    ParentType,
    ContextType,
    RequireFields<QueryScenarioRevisionsArgs, "scenarioId">
  >;
};

export type ReorderScenarioRevisionsPayloadResolvers<
  ContextType = GraphQLContext,
  ParentType extends
    ResolversParentTypes["ReorderScenarioRevisionsPayload"] = ResolversParentTypes["ReorderScenarioRevisionsPayload"],
> = {
  succeeded?: Resolver<ResolversTypes["Boolean"], ParentType, ContextType>;
};

export type ScenarioRevisionResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["ScenarioRevision"] = ResolversParentTypes["ScenarioRevision"],
> = {
  id?: Resolver<ResolversTypes["ID"], ParentType, ContextType>;
  name?: Resolver<Maybe<ResolversTypes["String"]>, ParentType, ContextType>;
  position?: Resolver<ResolversTypes["Int"], ParentType, ContextType>;
};

export type SubscriptionResolvers<
  ContextType = GraphQLContext,
  ParentType extends ResolversParentTypes["Subscription"] = ResolversParentTypes["Subscription"],
> = {
  currentUserCoinBalance?: SubscriptionResolver<
    ResolversTypes["CoinBalance"],
    "currentUserCoinBalance",
    ParentType,
    ContextType
  >;
};

export type Resolvers<ContextType = GraphQLContext> = {
  CoinBalance?: CoinBalanceResolvers<ContextType>;
  ConsumableProduct?: ConsumableProductResolvers<ContextType>;
  Me?: MeResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  ProductList?: ProductListResolvers<ContextType>;
  Purchase?: PurchaseResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ReorderScenarioRevisionsPayload?: ReorderScenarioRevisionsPayloadResolvers<ContextType>;
  ScenarioRevision?: ScenarioRevisionResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
};
