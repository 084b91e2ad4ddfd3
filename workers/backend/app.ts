import { createApp } from "../shared/create-app";

/** The slice of the main backend the documents need: payment webhook, GraphQL, code upload. */
export function createBackendApp() {
  return createApp("backend");
}
