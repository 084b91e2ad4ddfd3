import type { GraphQLResolveInfo } from "graphql";
import type { GraphQLContext } from "../context";
import type { MeParent } from "../models";
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
};

export type Query = {
  __typename?: "Query";
  currentConsumableProducts: Array<ConsumableProduct>;
  /** Requires a bearer ID token (a publish-token ID token counts as none). */
  me: Me;
};

export type QueryCurrentConsumableProductsArgs = {
  store: Store;
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
   * cancel. Delivered over server-sent events (Accept: text/event-stream).
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
  Int: ResolverTypeWrapper<Scalars["Int"]["output"]>;
  Me: ResolverTypeWrapper<MeParent>;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
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
  Int: Scalars["Int"]["output"];
  Me: MeParent;
  Query: Record<PropertyKey, never>;
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
  Query?: QueryResolvers<ContextType>;
  Subscription?: SubscriptionResolvers<ContextType>;
};
