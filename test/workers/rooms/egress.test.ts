import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadIsolateRunner } from "../../../durable-objects/room/isolate-runner";
import type { Room } from "../../../durable-objects/room/room";
import { twoPlayers } from "./support";

async function callFromScenario(url: string) {
  const { alice } = await twoPlayers("egress");
  const result = await alice.act("call", { url }, 1);
  return result.state.calls[0] as { url: string; status?: number; error?: string };
}

describe("egress gate", () => {
  it("lets scenario code reach the allow-listed host", async () => {
    expect(await callFromScenario("https://venue-device.test/ok")).toMatchObject({ status: 200 });
  });

  it("follows a redirect that stays on the allow-list", async () => {
    expect(await callFromScenario("https://venue-device.test/redirect-in")).toMatchObject({ status: 200 });
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
  ])("answers 403 to %s", async (_, url) => {
    expect(await callFromScenario(url)).toMatchObject({ status: 403 });
  });

  it("closes the network completely when no gate is configured (globalOutbound null)", async () => {
    const { stub, revisionId } = await twoPlayers("egress");
    const call = await runInDurableObject(stub, async (_room: Room) => {
      const runner = loadIsolateRunner(env, revisionId, `${revisionId}:closed-test`, null);
      const input = {
        state: { calls: [] },
        playerId: "alice",
        players: [],
        gameTime: 0,
        tick: 0,
        inputs: {},
        rng: 1,
        deadlines: {},
      };
      const result = await runner.action("call", { url: "https://venue-device.test/ok" }, input);
      return (result.state as { calls: { status?: number; error?: string }[] }).calls[0];
    });
    expect(call?.status).toBeUndefined();
    expect(call?.error).toBeTruthy();
  });
});
