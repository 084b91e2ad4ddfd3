import { describe, expect, it, vi } from "vitest";
import { connect, publish, ROSTER } from "./support";

type Line = Record<string, unknown>;

function linesOf(spy: { mock: { calls: unknown[][] } }): Line[] {
  return spy.mock.calls.flatMap(([line]) => {
    try {
      return [JSON.parse(String(line)) as Line];
    } catch {
      return [];
    }
  });
}

describe("room log lines", () => {
  it("carry component room and the request id of the socket's upgrade", async () => {
    const info = vi.spyOn(console, "log");
    try {
      const revisionId = await publish("counter");
      const alice = await connect(revisionId, `room-${crypto.randomUUID()}`, { seatId: "alice", players: ROSTER });
      await alice.next("__game_start");
      expect(await alice.act("no-such-action", {}, 1)).toMatchObject({ code: "unknown_action" });
      const lines = linesOf(info);
      const upgrade = lines.find((line) => line.message === "request" && line.status === 101);
      const rejected = lines.find((line) => line.message === "action rejected");
      expect(upgrade?.requestId).toEqual(expect.any(String));
      expect(rejected).toMatchObject({ app: "rooms", component: "room", requestId: upgrade?.requestId });
      alice.close();
    } finally {
      info.mockRestore();
    }
  });
});
