import { createApp } from "../shared/create-app";
import { roomTicketsRoute } from "./routes/room-tickets";

/** The slice of the main backend the documents need: payment webhook, GraphQL, code upload. */
export function createBackendApp() {
  return createApp("backend").route("/", roomTicketsRoute);
}
