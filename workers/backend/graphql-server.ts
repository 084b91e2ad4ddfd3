import { createSchema, createYoga, type YogaServerInstance } from "graphql-yoga";
import type { Config } from "../../src/config";
import { backendDb } from "../../src/db/client";
import type { GraphQLContext } from "../../src/graphql/context";
import { orderingResolvers } from "../../src/graphql/ordering-resolvers";
import { orderingTypeDefs } from "../../src/graphql/ordering-schema";
import { resolvers } from "../../src/graphql/resolvers";
import { typeDefs } from "../../src/graphql/schema";
import { currentLog } from "../../src/worker-kit/request-log";
import type { RequestUser } from "./auth";
import { ledgerOf } from "./backend-services";
import { operationLimitPlugins } from "./graphql-limits";
import { graphqlServices } from "./graphql-services";
import { orderingServices } from "./ordering/ordering-services";
import { ensureUser } from "./users";

/** Everything a resolver gets except the abort signal, which belongs to the transport. */
export type BackendContext = Omit<GraphQLContext, "signal">;

/**
 * What a transport hands yoga for each operation: the caller's context and, for a WebSocket
 * operation, the signal that ends it (over HTTP the request's own signal does).
 */
export interface ServerContext {
  backend: BackendContext;
  signal?: AbortSignal;
}

export type BackendYoga = YogaServerInstance<ServerContext, GraphQLContext>;

const schema = createSchema<ServerContext & GraphQLContext>({
  typeDefs: [typeDefs, orderingTypeDefs],
  resolvers: [resolvers, orderingResolvers],
});
const servers = new WeakMap<Config, BackendYoga>();

/**
 * One yoga server per config (its endpoint is the backend's base path + /graphql): HTTP and
 * server-sent events through `fetch`, graphql-ws operations through `getEnveloped`, so both run
 * the same schema, plugins and error masking.
 */
export function yogaFor(config: Config): BackendYoga {
  let yoga = servers.get(config);
  if (!yoga) {
    yoga = createYoga<ServerContext, GraphQLContext>({
      schema,
      graphqlEndpoint: `${config.apps.backend.path}/graphql`,
      // GraphiQL loads its scripts from a CDN: not offered (dev runs with no internet).
      graphiql: false,
      landingPage: false,
      // Aliases, depth, tokens and cost of each operation, before it runs (graphql-limits.ts).
      plugins: operationLimitPlugins(),
      // No browser calls this across origins (docs/decisions/0074-graphql-answers-no-cors.md, "GraphQL answers no CORS"): the
      // store server calls it server-side, the product-order page is same-origin, apps are no
      // browsers. yoga's default would grant every origin, with credentials.
      cors: false,
      context: ({ backend, request, signal }) => ({ ...backend, signal: signal ?? request.signal }),
      logging: {
        debug: () => {},
        info: () => {},
        warn: (...args) => currentLog().warn("graphql", { detail: args.map(String).join(" ") }),
        error: (...args) => currentLog().error("graphql", { detail: args.map(String).join(" ") }),
      },
    });
    servers.set(config, yoga);
  }
  return yoga;
}

/** The resolvers' view of the caller (null: anonymous, publish tokens included) and the backend. */
export function backendContextFor(env: Env, user: RequestUser | null): BackendContext {
  const ledger = ledgerOf(env);
  let caller: Promise<number | null> | undefined;
  return {
    services: graphqlServices(env, ledger),
    // The backend's users row of the caller, made on first sight.
    callerUserId: () => {
      caller ??= user === null ? Promise.resolve(null) : ensureUser(backendDb(env), user.uid);
      return caller;
    },
    caller: async () => (user === null ? null : { uid: user.uid, admin: user.admin }),
    ordering: orderingServices(backendDb(env), ledger),
  };
}
