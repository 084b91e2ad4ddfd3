// The rules, tested without a browser: `npx scenario test` runs every *.test.js beside the logic
// in a headless room made of the same room core as the server (docs/authoring.md, "Test your rules").
import { createTestRoom } from "scenario/test";
import { describe, expect, it } from "vitest";
import game, { SPEED } from "./logic.js";

describe("coin chase", () => {
  it("each tick moves a player by its latest input", async () => {
    const room = await createTestRoom(game, { players: ["p1", "p2"], seed: 1 });
    const start = room.state.players.p1;
    await room.input("p1", { dx: 0, dy: 1 });
    await room.advance(1000);
    // tickRate 10: ten ticks in a second of game time.
    expect(room.state.players.p1).toMatchObject({ x: start.x, y: 10 * SPEED });
  });

  it("a teleport is used at once and lands where the server decides; the third is refused", async () => {
    const room = await createTestRoom(game, { players: ["p1", "p2"], seed: 1 });
    expect(await room.act("p1", "teleport")).toMatchObject({ applied: true });
    expect(room.state.teleportsLeft.p1).toBe(1);
    expect(room.events.at(-1)).toMatchObject({ name: "teleported", data: { seatId: "p1" } });
    expect(await room.act("p1", "teleport")).toMatchObject({ applied: true });
    await room.expectRefused("p1", "teleport", undefined, "No teleports left");
  });

  it("the next race waits until this one is won", async () => {
    const room = await createTestRoom(game, { players: ["p1", "p2"], seed: 1 });
    await room.expectRefused("p2", "rematch", undefined, "The race is not over yet");
  });
});
