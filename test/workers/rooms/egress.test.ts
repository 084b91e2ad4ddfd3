import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { connect, publish, ROSTER, roomStub, twoPlayers } from "./support";

async function callFromScenario(url: string, options: { headers?: unknown; cf?: unknown } = {}) {
  const { alice } = await twoPlayers("egress");
  const result = await alice.act("call", { url, ...options }, 1);
  return result.state.calls[0] as { url: string; status?: number; body?: string; error?: string };
}

describe("egress gate", () => {
  it("lets scenario code reach the allow-listed host", async () => {
    expect(await callFromScenario("https://venue-device.test/ok")).toMatchObject({ status: 200, body: "venue ok" });
  });

  it("follows a redirect that stays on the allow-list, to the page it names", async () => {
    expect(await callFromScenario("https://venue-device.test/redirect-in")).toMatchObject({
      status: 200,
      body: "venue ok",
    });
  });

  it.each([
    ["another host", "https://evil.test/"],
    ["a look-alike suffix", "https://venue-device.test.evil.test/ok"],
    ["an IP literal", "http://93.184.216.34/"],
    ["an IPv6 literal", "http://[2606:2800:220:1::]/"],
    ["another port", "https://venue-device.test:8443/ok"],
    ["a redirect to a host not on the list", "https://venue-device.test/redirect-out"],
    ["a userinfo trick naming the allowed host", "https://venue-device.test@evil.test/"],
    ["a userinfo trick with a port", "https://venue-device.test:443@evil.test/"],
  ])("answers 403 egress_refused to %s", async (_, url) => {
    const call = await callFromScenario(url);
    expect(call).toMatchObject({ status: 403 });
    expect(JSON.parse(call.body as string)).toMatchObject({ error: "egress_refused" });
  });

  it("ends a redirect loop on the allowed host: every hop passes the gate, the runtime stops at its limit", async () => {
    const call = await callFromScenario("https://venue-device.test/redirect-loop");
    expect(call.status).toBeUndefined();
    expect(call.error).toMatch(/^Too many redirects/);
  });

  it("forwards neither the scenario's cf options nor a Host header of its own", async () => {
    const seen = await callFromScenario("https://venue-device.test/echo", {
      headers: { Host: "evil.test" },
      cf: { resolveOverride: "evil.test" },
    });
    expect(seen).toMatchObject({ status: 200 });
    const arrived = JSON.parse(seen.body as string);
    expect(arrived).toMatchObject({ urlHost: "venue-device.test", hostHeader: "venue-device.test" });
    expect(arrived.cf?.resolveOverride).toBeUndefined();
  });

  it("closes the network completely when EGRESS_ALLOWED_HOSTS is empty (globalOutbound null, never open)", async () => {
    const revisionId = await publish("egress");
    const roomId = `room-${crypto.randomUUID()}`;
    const stub = roomStub(revisionId, roomId);
    await runInDurableObject(stub, (room: Room) => {
      const own = room as unknown as { env: Env };
      own.env = { ...own.env, EGRESS_ALLOWED_HOSTS: "" };
    });
    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await alice.next("__game_start");
    const result = await alice.act("call", { url: "https://venue-device.test/ok" }, 1);
    const call = result.state.calls[0];
    expect(call.status).toBeUndefined();
    // The runtime's own refusal: no gate at all, not a 403 from one, and no other error.
    expect(call.error).toMatch(/not permitted to access the internet/);
  });
});
