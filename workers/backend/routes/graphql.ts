import { createSchema, createYoga, type YogaServerInstance } from "graphql-yoga";
import { Hono } from "hono";
import type { Config } from "../../../src/config";
import { backendDb } from "../../../src/db/client";
import type { GraphQLContext } from "../../../src/graphql/context";
import { orderingResolvers } from "../../../src/graphql/ordering-resolvers";
import { orderingTypeDefs } from "../../../src/graphql/ordering-schema";
import { resolvers } from "../../../src/graphql/resolvers";
import { typeDefs } from "../../../src/graphql/schema";
import { currentLog } from "../../shared/request-log";
import { authenticate, type BackendEnv } from "../auth";
import { ledgerOf } from "../backend-services";
import { graphqlServices } from "../graphql-services";
import { orderingServices } from "../ordering/ordering-services";

/** What the Hono route hands yoga for each request. */
interface ServerContext {
  backend: Omit<GraphQLContext, "signal">;
}

const schema = createSchema<ServerContext & GraphQLContext>({
  typeDefs: [typeDefs, orderingTypeDefs],
  resolvers: [resolvers, orderingResolvers],
});
const servers = new WeakMap<Config, YogaServerInstance<ServerContext, GraphQLContext>>();

/** One yoga server per config (its endpoint is the backend's base path + /graphql). */
function yogaFor(config: Config): YogaServerInstance<ServerContext, GraphQLContext> {
  let yoga = servers.get(config);
  if (!yoga) {
    yoga = createYoga<ServerContext, GraphQLContext>({
      schema,
      graphqlEndpoint: `${config.apps.backend.path}/graphql`,
      // GraphiQL loads its scripts from a CDN: not offered (dev runs with no internet).
      graphiql: false,
      landingPage: false,
      // No browser calls this across origins (docs/decisions.md, "GraphQL answers no CORS"): the
      // store server calls it server-side, the product-order page is same-origin, apps are no
      // browsers. yoga's default would grant every origin, with credentials.
      cors: false,
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
 * currentUserCoinBalance over server-sent events (Accept: text/event-stream), and the reorder
 * mutations. Schema: src/graphql/schema.ts and src/graphql/ordering-schema.ts. The caller comes
 * from the backend's authentication (a user is optional here; a publish-token ID token counts as
 * none, an invalid token is 401 before GraphQL runs).
 */
export const graphqlRoutes = new Hono<BackendEnv>()
  .use("/graphql", authenticate())
  .on(["GET", "POST", "OPTIONS"], "/graphql", async (c) => {
    const ledger = ledgerOf(c.env);
    const user = c.get("user");
    let caller: Promise<number | null> | undefined;
    const backend: ServerContext["backend"] = {
      services: graphqlServices(c.env, ledger),
      // The backend's users row of the caller, made on first sight.
      callerUserId: () => {
        caller ??= user === null ? Promise.resolve(null) : ledger.ensureUser(user.uid);
        return caller;
      },
      caller: async () => (user === null ? null : { uid: user.uid, admin: user.admin }),
      ordering: orderingServices(backendDb(c.env), ledger),
    };
    return yogaFor(c.get("config")).fetch(c.req.raw, { backend });
  });
