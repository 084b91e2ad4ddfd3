import { GraphQLError } from "graphql";
import type { GraphQLContext } from "./context";
import type { Resolvers } from "./generated/resolvers";

/** `me` and the balance subscription need a signed-in caller (bearer ID token, not a publish token). */
async function requireCaller(context: GraphQLContext): Promise<number> {
  const userId = await context.callerUserId();
  if (userId === null) {
    throw new GraphQLError("Sign in: a bearer ID token is required.", {
      extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
    });
  }
  return userId;
}

/** Resolvers of src/graphql/schema.ts, typed by the generated Resolvers. */
export const resolvers: Resolvers = {
  Query: {
    me: async (_parent, _args, context) => ({ id: await requireCaller(context) }),
    currentConsumableProducts: (_parent, { store }, context) => context.services.currentConsumableProducts(store),
  },
  Me: {
    balance: (me, _args, context) => context.services.balanceOf(me.id),
    hasActiveSubscription: (me, _args, context) => context.services.hasActiveSubscription(me.id),
    purchase: (me, { purchaseId }, context) => context.services.purchaseOf(me.id, purchaseId),
  },
  Subscription: {
    currentUserCoinBalance: {
      subscribe: async function* (_parent, _args, context) {
        const userId = await requireCaller(context);
        yield* context.services.balanceChanges(userId, context.signal);
      },
      resolve: (payload: { balance: number; updatedAt: number }) => payload,
    },
  },
};
