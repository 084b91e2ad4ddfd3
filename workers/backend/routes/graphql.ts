import { Hono } from "hono";
import { bodyLimited } from "../../../src/worker-kit/input";
import { identityProviderFor } from "../../../src/worker-kit/providers";
import { currentLog } from "../../../src/worker-kit/request-log";
import { authenticate, type BackendEnv } from "../auth";
import { GRAPHQL_BODY_BYTES } from "../graphql-limits";
import { backendContextFor, yogaFor } from "../graphql-server";
import { graphqlWsServer } from "../graphql-ws/graphql-ws-server";
import { acceptGraphqlWs } from "../graphql-ws/worker-socket";

/**
 * {API_URL}/graphql: queries me and currentConsumableProducts(store), the subscription
 * currentUserCoinBalance, and the reorder mutations. Schema: src/graphql/schema.ts and
 * src/graphql/ordering-schema.ts. Two transports, one schema:
 * - HTTP (graphql-yoga), subscriptions over server-sent events (Accept: text/event-stream). The
 *   caller comes from the backend's authentication (a user is optional here; a publish-token ID
 *   token counts as none, an invalid token is 401 before GraphQL runs).
 * - GraphQL over WebSocket (`Upgrade: websocket`, subprotocol `graphql-transport-ws`): the ID token
 *   comes in `connection_init`'s payload, never in a header of the upgrade (connection-user.ts).
 * Both refuse an operation past the limits of graphql-limits.ts before it runs; a body over
 * GRAPHQL_BODY_BYTES is 413 unread.
 */
export const graphqlRoutes = new Hono<BackendEnv>()
  .get("/graphql", async (c, next) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return next();
    const config = c.get("config");
    const idp = identityProviderFor(c.env, config);
    const server = graphqlWsServer({
      yoga: yogaFor(config),
      env: c.env,
      idp,
      principals: c.get("ports").publishPrincipals(c.env, idp),
      request: c.req.raw,
    });
    return acceptGraphqlWs(c.req.raw, server, currentLog());
  })
  .use("/graphql", bodyLimited(GRAPHQL_BODY_BYTES, "A GraphQL request"), authenticate())
  .on(["GET", "POST", "OPTIONS"], "/graphql", (c) =>
    yogaFor(c.get("config")).fetch(c.req.raw, { backend: backendContextFor(c.env, c.get("user")) }),
  );
