import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { handlePlatformRequest } from "../../../platform";
import { capturedLines } from "./log-capture";

const AUTH = "http://localhost:8787/auth";
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe("request ids", () => {
  it("a 4xx carries one request id in the x-request-id header, the error body and the log lines", async () => {
    let res: Response | undefined;
    const { lines } = await capturedLines(async () => {
      res = await exports.default.fetch(`${AUTH}/transfer?code=not-a-code`);
    });
    expect(res?.status).toBe(400);
    const id = res?.headers.get("x-request-id");
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(await res?.json()).toMatchObject({ error: "invalid_code", requestId: id });
    const access = lines.find((line) => line.message === "request");
    expect(access).toMatchObject({ severity: "INFO", app: "auth", requestId: id, route: "/transfer", status: 400 });
  });

  it("an error the code did not expect answers 500 with the id, and its ERROR line carries the same id", async () => {
    // SESSIONS failing on read: the session lookup of /login throws, as a KV outage would.
    const broken = {
      ...env,
      SESSIONS: {
        get: () => Promise.reject(new Error("KV is down")),
      } as unknown as KVNamespace,
    };
    let res: Response | undefined;
    const { lines } = await capturedLines(async () => {
      res = await handlePlatformRequest(
        new Request(`${AUTH}/login?redirect_uri=${encodeURIComponent("http://localhost:3000/")}&client_id=store`, {
          headers: { cookie: "auth_session=dev.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG" },
        }),
        broken,
        ctx,
      );
    });
    expect(res?.status).toBe(500);
    const id = res?.headers.get("x-request-id");
    expect(id).toBeTruthy();
    expect(await res?.json()).toMatchObject({ error: "internal_error", requestId: id });
    expect(lines.find((line) => line.message === "unhandled error")).toMatchObject({
      severity: "ERROR",
      app: "auth",
      requestId: id,
      route: "/login",
      error: "Error: KV is down",
    });
    expect(lines.find((line) => line.message === "request")).toMatchObject({
      severity: "ERROR",
      requestId: id,
      status: 500,
    });
  });

  it("takes Cloudflare's ray id as the request id when the request came through the edge", async () => {
    const res = await exports.default.fetch(`${AUTH}/health`, { headers: { "cf-ray": "8f1c2d3e4a5b6c7d-NRT" } });
    expect(res.headers.get("x-request-id")).toBe("8f1c2d3e4a5b6c7d-NRT");
  });

  it("does not take a client's own x-request-id (a fresh id instead)", async () => {
    const res = await exports.default.fetch(`${AUTH}/health`, { headers: { "x-request-id": "chosen-by-client-1" } });
    expect(res.headers.get("x-request-id")).not.toBe("chosen-by-client-1");
  });

  it("gives two requests two ids", async () => {
    const [a, b] = await Promise.all([
      exports.default.fetch(`${AUTH}/health`),
      exports.default.fetch(`${AUTH}/health`),
    ]);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
  });

  it("puts the id on a 404 of no app too", async () => {
    const res = await exports.default.fetch("http://localhost:8787/nowhere");
    const id = res.headers.get("x-request-id");
    expect(await res.json()).toMatchObject({ error: "no_app", requestId: id });
  });
});
