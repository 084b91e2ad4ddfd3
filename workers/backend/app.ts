import { createApp } from "../shared/create-app";
import { graphqlRoutes } from "./routes/graphql";
import { webhookRoutes } from "./routes/webhook";

/** The slice of the main backend the documents need: payment webhook, GraphQL. */
export function createBackendApp() {
  const app = createApp("backend");
  app.route("/", webhookRoutes);
  app.route("/", graphqlRoutes);
  return app;
}
