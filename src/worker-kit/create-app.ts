import { Hono } from "hono";
import type { AppName } from "../config";
import type { AppEnv } from "./app-env";

/** A new app with the routes every app answers: GET /health. */
export function createApp(name: AppName): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/health", (c) => c.json({ app: name, environment: c.get("config").environment, status: "ok" }));
  return app;
}
