import { runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { hostedBindings } from "../hosted-build";
import { connect, publish, ROSTER, roomStub, twoPlayers } from "./support";

type Line = Record<string, unknown>;
let warn: MockInstance<typeof console.warn>;

beforeEach(() => {
  warn = vi.spyOn(console, "warn");
});
afterEach(() => warn.mockRestore());

/** The dev warning lines about globals so far. */
function globalsWarnings(): Line[] {
  return warn.mock.calls
    .flatMap(([line]) => {
      try {
        return [JSON.parse(String(line)) as Line];
      } catch {
        return [];
      }
    })
    .filter((line) => Array.isArray(line.globals));
}

describe("in dev, a room warns when its logic writes the isolate's globals", () => {
  it("names a global an action writes, once", async () => {
    const { alice, revisionId } = await twoPlayers("leaky");
    expect(await alice.act("move", {}, 1)).toMatchObject({ type: "__action_result" });
    expect(globalsWarnings()).toEqual([]);
    expect(await alice.act("remember", { cell: 4 }, 2)).toMatchObject({ type: "__action_result" });
    expect(await alice.act("remember", { cell: 5 }, 3)).toMatchObject({ type: "__action_result" });
    expect(globalsWarnings()).toEqual([
      expect.objectContaining({ severity: "WARNING", component: "room", globals: ["lastMove"], revisionId }),
    ]);
    expect(String(globalsWarnings()[0]?.message)).toContain("every room of this revision shares");
  });

  it("names a built-in the logic replaced when it loaded (JSON.stringify)", async () => {
    await twoPlayers("liar");
    expect(globalsWarnings().flatMap((line) => line.globals as string[])).toEqual(["JSON.stringify"]);
  });

  it("says nothing of a logic that keeps to its state", async () => {
    const { alice } = await twoPlayers("counter");
    for (let seq = 1; seq <= 3; seq++) await alice.act("roll", {}, seq);
    expect(globalsWarnings()).toEqual([]);
  });
});

describe("in stg and prd, no guard runs", () => {
  it("a room of the prd build loads no guard: a logic that writes a global plays, and nothing is said", async () => {
    const revisionId = await publish("leaky");
    const roomId = `room-${crypto.randomUUID()}`;
    await runInDurableObject(roomStub(revisionId, roomId), (room: Room) => {
      Object.assign(room, { env: hostedBindings("prd") });
    });
    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await alice.next("__game_start");
    expect(await alice.act("remember", { cell: 4 }, 1)).toMatchObject({ type: "__action_result", state: { moves: 1 } });
    expect(globalsWarnings()).toEqual([]);
  });
});
