import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { capturedLines } from "./log-capture";

const APPS = [
  ["auth", "http://localhost:8787/auth"],
  ["store", "http://localhost:8787/store"],
  ["backend", "http://localhost:8787/backend"],
  ["rooms", "http://localhost:8787/rooms"],
  ["dev-idp", "http://localhost:8787/idp"],
  ["dev-payments", "http://localhost:8787/payments"],
] as const;

describe("access lines", () => {
  it.each(APPS)(
    "writes one access line for a request to %s: method, route, status, duration, app",
    async (app, base) => {
      let requestId: string | null = null;
      const { lines } = await capturedLines(async () => {
        const res = await exports.default.fetch(`${base}/health`);
        requestId = res.headers.get("x-request-id");
      });
      const access = lines.filter((line) => line.message === "request");
      expect(access).toHaveLength(1);
      expect(access[0]).toEqual({
        severity: "INFO",
        message: "request",
        app,
        environment: "dev",
        requestId,
        method: "GET",
        route: "/health",
        status: 200,
        durationMs: expect.any(Number),
      });
    },
  );

  it("names the route pattern, never the URL with its path values or query", async () => {
    const { raw, lines } = await capturedLines(async () => {
      await exports.default.fetch("http://localhost:8787/auth/transfer?code=s3cret-code-value");
      await exports.default.fetch("http://localhost:8787/rooms/ws/games/rev-xyz/room-abc?seatId=alice", {
        headers: { Upgrade: "websocket" },
      });
    });
    const routes = lines.filter((line) => line.message === "request").map((line) => line.route);
    expect(routes).toEqual(["/transfer", "/ws/games/:revisionId/:roomId"]);
    expect(raw.join("\n")).not.toContain("s3cret-code-value");
    expect(raw.join("\n")).not.toContain("?");
  });

  it("marks a path no route of the app serves as (no route), and a request no app takes as (router)", async () => {
    const { lines } = await capturedLines(async () => {
      await exports.default.fetch("http://localhost:8787/store/nope/123");
      await exports.default.fetch("http://localhost:8787/nowhere");
    });
    expect(lines.filter((line) => line.message === "request")).toMatchObject([
      { app: "store", route: "(no route)", status: 404 },
      { app: "platform", route: "(router)", status: 404 },
    ]);
  });
});
