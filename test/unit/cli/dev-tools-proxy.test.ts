import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { devToolsRefusal } from "../../../tools/cli/dev-tools-proxy.ts";

const ORIGINS = ["http://127.0.0.1:8810", "http://localhost:8810"];
const INSPECT = "/rooms/dev/rooms/rev-1/room-1/inspect";
const request = (method: string, headers: Record<string, string> = {}) => ({ method, headers }) as IncomingMessage;
const json = { "content-type": "application/json" };

describe("the harness server's pass-through to the rooms' dev tools", () => {
  it("passes reads, and an act POSTed as JSON by the harness page (or by no page: a script)", () => {
    expect(devToolsRefusal(request("GET"), "/rooms/dev/rooms/rev-1/room-1/observe", ORIGINS)).toBeNull();
    expect(devToolsRefusal(request("POST", { ...json, origin: ORIGINS[1] as string }), INSPECT, ORIGINS)).toBeNull();
    expect(devToolsRefusal(request("POST", json), INSPECT, ORIGINS)).toBeNull();
  });

  it("refuses an act from a page of another origin, one not sent as JSON, and a POST anywhere else", () => {
    expect(
      devToolsRefusal(request("POST", { ...json, origin: "https://elsewhere.example" }), INSPECT, ORIGINS),
    ).toEqual({
      status: 403,
      body: { error: "cross_origin", message: "Only the harness page itself may act on its rooms" },
    });
    expect(devToolsRefusal(request("POST", { "content-type": "text/plain" }), INSPECT, ORIGINS)?.status).toBe(415);
    expect(devToolsRefusal(request("POST", json), "/rooms/dev/rooms/rev-1/room-1/replay", ORIGINS)?.status).toBe(405);
    expect(devToolsRefusal(request("DELETE", json), INSPECT, ORIGINS)?.status).toBe(405);
  });
});
