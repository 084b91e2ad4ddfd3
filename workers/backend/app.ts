import { Hono } from "hono";
import { createApp } from "../../src/worker-kit/create-app";
import { type BackendPorts, type BackendPortsEnv, withBackendPorts } from "./backend-ports";
import { defaultConsoleDeps } from "./console/console-env";
import { basePageRoute } from "./routes/base-page";
import { consoleRoutes } from "./routes/console/console-routes";
import { graphqlRoutes } from "./routes/graphql";
import { productOrderPageRoutes } from "./routes/product-order-page";
import { roomTicketsRoute } from "./routes/room-tickets";
import { roomsRoute } from "./routes/rooms";
import { scenarioRevisionRoutes } from "./routes/scenario-revisions";
import { uploadSessionRoutes } from "./routes/upload-sessions";
import { uploadRoutes } from "./routes/uploads";
import { webhookRoutes } from "./routes/webhook";

/**
 * The slice of the main backend the documents need: payment webhook, GraphQL, code upload, the
 * product-order page, room records and their seat tickets; and the operator console (/admin/).
 */
export function createBackendApp(ports: BackendPorts) {
  const routes = new Hono<BackendPortsEnv>()
    .use(withBackendPorts(ports))
    .route("/", webhookRoutes)
    .route("/", graphqlRoutes)
    .route("/", uploadSessionRoutes)
    .route("/", uploadRoutes)
    .route("/", scenarioRevisionRoutes)
    .route("/", productOrderPageRoutes)
    .route(
      "/",
      consoleRoutes({
        ...defaultConsoleDeps,
        accounts: ports.operatorAccounts,
        smsRate: ports.smsRate,
        rooms: ports.operatorRooms,
      }),
    )
    .route("/", roomsRoute)
    .route("/", roomTicketsRoute)
    .route("/", basePageRoute);
  return createApp("backend").route("/", routes);
}
