import { Hono } from "hono";

/** The floor the platform is measured against: a bare Hono route, nothing else. */
const app = new Hono();
app.get("/", (c) => c.json({ status: "ok" }));

export default app;
