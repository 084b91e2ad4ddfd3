import { createSchema, createYoga, type YogaServerInstance } from "graphql-yoga";
import { Hono } from "hono";
import type { Config } from "../../../src/config";
import type { GraphQLContext } from "../../../src/graphql/context";
import { resolvers } from "../../../src/graphql/resolvers";
import { typeDefs } from "../../../src/graphql/schema";
import type { AppEnv } from "../../shared/app-env";
import { currentLog } from "../../shared/request-log";
import { ledgerOf } from "../backend-services";
import { callerUidOf } from "../caller";
import { graphqlServices } from "../graphql-services";

/** What the Hono route hands yoga for each request. */
interface ServerContext {
  backend: Omit<GraphQLContext, "signal">;
}

const schema = createSchema<ServerContext & GraphQLContext>({ typeDefs, resolvers });
const servers = new WeakMap<Config, YogaServerInstance<ServerContext, GraphQLContext>>();

/** One yoga server per config (its endpoint is the backend's base path + /graphql). */
function yogaFor(config: Config): YogaServerInstance<ServerContext, GraphQLContext> {
  let yoga = servers.get(config);
  if (!yoga) {
    yoga = createYoga<ServerContext, GraphQLContext>({
      schema,
      graphqlEndpoint: `${config.apps.backend.path}/graphql`,
      graphiql: config.environment === "dev",
      landingPage: false,
      context: ({ backend, request }) => ({ ...backend, signal: request.signal }),
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

/**
 * {API_URL}/graphql: queries me and currentConsumableProducts(store), the subscription
 * currentUserCoinBalance over server-sent events (Accept: text/event-stream). Schema:
 * src/graphql/schema.ts.
 */
export const graphqlRoutes = new Hono<AppEnv>().on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
  const ledger = ledgerOf(c.env);
  let caller: Promise<number | null> | undefined;
  const backend: ServerContext["backend"] = {
    services: graphqlServices(c.env, ledger),
    callerUserId: () => {
      caller ??= callerUidOf(c).then((uid) => (uid === null ? null : ledger.ensureUser(uid)));
      return caller;
    },
  };
  return yogaFor(c.get("config")).fetch(c.req.raw, { backend });
});
