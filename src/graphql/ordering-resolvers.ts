import { GraphQLError } from "graphql";
import { describeItemSetProblems, type ItemId, type ReorderOutcome } from "../ordering/order";
import type { GraphQLContext } from "./context";
import type { Resolvers } from "./generated/resolvers";
import type { OrderingCaller } from "./ordering-services";

/** The reorder mutations and their queries: src/graphql/ordering-schema.ts. */
export const orderingResolvers: Resolvers = {
  Query: {
    productList: (_parent, { store }, context) => context.ordering.productList(store),
    scenarioRevisions: async (_parent, { scenarioId }, context) => {
      const revisions = await context.ordering.scenarioRevisions(await requireOrderingCaller(context), scenarioId);
      if (revisions === null) throw forbidden("the admin role on this scenario (its owner or a platform admin)");
      return revisions;
    },
  },
  ProductList: {
    products: (list, _args, context) => context.services.currentConsumableProducts(list.store),
  },
  Mutation: {
    reorderConsumableProducts: async (_parent, { input }, context) => {
      const caller = await requireOrderingCaller(context);
      const outcome = await context.ordering.reorderProducts(caller, input.parentId, input.itemIds);
      throwUnlessReordered(outcome, "a platform admin", `product list ${input.parentId}`);
      const list = await context.ordering.productListById(input.parentId);
      if (!list) throw notFound(`product list ${input.parentId}`);
      return context.services.currentConsumableProducts(list.store);
    },
    reorderScenarioRevisions: async (_parent, { input }, context) => {
      const caller = await requireOrderingCaller(context);
      const outcome = await context.ordering.reorderScenarioRevisions(caller, input.parentId, input.ids);
      throwUnlessReordered(outcome, "the admin role on this scenario", `scenario ${input.parentId}`);
      return { succeeded: true };
    },
  },
};

async function requireOrderingCaller(context: GraphQLContext): Promise<OrderingCaller> {
  const caller = await context.caller();
  if (caller === null) {
    throw new GraphQLError("Sign in: a bearer ID token is required.", {
      extensions: { code: "UNAUTHENTICATED", http: { status: 401 } },
    });
  }
  return caller;
}

function throwUnlessReordered<Id extends ItemId>(outcome: ReorderOutcome<Id>, role: string, parent: string): void {
  switch (outcome.outcome) {
    case "reordered":
      return;
    case "forbidden":
      throw forbidden(role);
    case "no_parent":
      throw notFound(parent);
    case "too_many_items":
      throw new GraphQLError(`A reorder names at most ${outcome.limit} items. Nothing was changed.`, {
        extensions: { code: "BAD_USER_INPUT", http: { status: 400 }, limit: outcome.limit },
      });
    case "invalid_item_set": {
      const { missing, unknown, duplicates } = outcome;
      throw new GraphQLError(
        `The ids must be exactly the current items of ${parent}, each once (${describeItemSetProblems(outcome)}). Nothing was changed.`,
        { extensions: { code: "BAD_USER_INPUT", http: { status: 400 }, missing, unknown, duplicates } },
      );
    }
  }
}

function forbidden(role: string): GraphQLError {
  return new GraphQLError(`Forbidden: reordering this list needs ${role}.`, {
    extensions: { code: "FORBIDDEN", http: { status: 403 } },
  });
}

function notFound(parent: string): GraphQLError {
  return new GraphQLError(`There is no ${parent}.`, { extensions: { code: "NOT_FOUND", http: { status: 404 } } });
}
