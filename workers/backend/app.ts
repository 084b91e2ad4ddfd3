import { createApp } from "../shared/create-app";
import { scenarioRevisionRoutes } from "./routes/scenario-revisions";
import { uploadSessionRoutes } from "./routes/upload-sessions";
import { uploadRoutes } from "./routes/uploads";

/** The slice of the main backend the documents need: payment webhook, GraphQL, code upload. */
export function createBackendApp() {
  return createApp("backend")
    .route("/", uploadSessionRoutes)
    .route("/", uploadRoutes)
    .route("/", scenarioRevisionRoutes);
}
