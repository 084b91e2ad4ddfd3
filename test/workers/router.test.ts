import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../platform";

const APPS = [
  ["auth", "http://localhost:8787/auth"],
  ["store", "http://localhost:8787/store"],
  ["backend", "http://localhost:8787/backend"],
  ["rooms", "http://localhost:8787/rooms"],
  ["dev-idp", "http://localhost:8787/idp"],
  ["dev-payments", "http://localhost:8787/payments"],
] as const;

describe("the platform router", () => {
  it.each(APPS)("sends %s's base URL to its app", async (app, base) => {
    const res = await exports.default.fetch(`${base}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ app, environment: "dev", status: "ok" });
  });

  it("treats 127.0.0.1 as localhost in dev, so wrangler's printed URL works", async () => {
    const res = await exports.default.fetch("http://127.0.0.1:8787/auth/health");
    expect(await res.json()).toMatchObject({ app: "auth" });
  });

  it("does not treat a longer path segment as the prefix (/authx is not /auth)", async () => {
    const res = await exports.default.fetch("http://localhost:8787/authx/health");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "no_app" });
  });

  it("answers an unknown path inside an app with a JSON 404", async () => {
    const res = await exports.default.fetch("http://localhost:8787/store/nope");
    expect(res.status).toBe(404);
    const body = await res.json<{ error: string; message: string }>();
    expect(body.error).toBe("not_found");
    expect(body.message).toContain("/store/nope");
  });

  it("answers a URL on another host with a JSON 404", async () => {
    const res = await exports.default.fetch("https://elsewhere.example.net/auth/health");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("serves the dev index page at the root, linking every app's health route", async () => {
    const res = await exports.default.fetch("http://localhost:8787/");
    expect(res.status).toBe(200);
    const page = await res.text();
    for (const [, base] of APPS) expect(page).toContain(`href="${base}/health"`);
  });

  it("serves the index page's stylesheet from the ASSETS binding", async () => {
    const res = await exports.default.fetch("http://localhost:8787/_platform/style.css");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/css");
  });

  it("routes by host in stg/prd, where each app has a host of its own", async () => {
    const prd = {
      ...env,
      ENVIRONMENT: "prd",
      AUTH_URL: "https://auth.example.com",
      STORE_URL: "https://store.example.com",
      API_URL: "https://api.example.com",
      ROOMS_URL: "https://rooms.example.com",
    };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await worker.fetch(new Request("https://store.example.com/health"), prd, ctx);
    expect(await res.json()).toEqual({ app: "store", environment: "prd", status: "ok" });
    const idp = await worker.fetch(new Request("http://localhost:8787/idp/health"), prd, ctx);
    expect(idp.status).toBe(404);
    const root = await worker.fetch(new Request("https://auth.example.com/"), prd, ctx);
    expect(root.status).toBe(404);
  });

  it("names the bad variable when the config is broken", async () => {
    const broken = { ...env, AUTH_URL: "not a url" };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    const res = await worker.fetch(new Request("http://localhost:8787/auth/health"), broken, ctx);
    expect(res.status).toBe(500);
    const body = await res.json<{ error: string; message: string }>();
    expect(body.error).toBe("config_invalid");
    expect(body.message).toContain("AUTH_URL");
  });
});
