// The rules, tested without a browser: `npx scenario test` runs every *.test.js beside the logic
// in a headless room made of the same room core as the server (docs/authoring.md, "Test your rules").
import { createTestRoom } from "scenario/test";
import { describe, expect, it } from "vitest";
import game, { TURN_MS } from "./logic.js";

describe("tic-tac-toe", () => {
  it("X opens, and a seat may not play out of turn", async () => {
    const room = await createTestRoom(game, { players: ["p1", "p2"], seed: 1 });
    expect(await room.act("p1", "place", { cell: 4 })).toMatchObject({ applied: true });
    expect(room.state.board[4]).toBe("X");
    await room.expectRefused("p1", "place", { cell: 0 }, "Not your turn");
    await room.expectRefused("p2", "place", { cell: 4 }, "That cell is taken");
  });

  it("three in a row wins and ends the game", async () => {
    const room = await createTestRoom(game, { players: ["p1", "p2"], seed: 1 });
    for (const [seat, cell] of [
      ["p1", 0],
      ["p2", 3],
      ["p1", 1],
      ["p2", 4],
      ["p1", 2],
    ]) {
      expect(await room.act(seat, "place", { cell })).toMatchObject({ applied: true });
    }
    expect(room.state).toMatchObject({ winner: "X", winningLine: [0, 1, 2] });
    expect(room.events.at(-1)).toMatchObject({ name: "won", data: { mark: "X", seat: "p1" } });
    await room.expectRefused("p2", "place", { cell: 5 }, "The game is over");
  });

  it("the turn passes to the other mark when its timer runs out", async () => {
    const room = await createTestRoom(game, { players: ["p1", "p2"], seed: 1 });
    await room.advance(TURN_MS);
    expect(room.state).toMatchObject({ turn: "O", timeouts: 1 });
    expect(room.events.at(-1)).toMatchObject({ name: "timeout", data: { mark: "X" } });
  });
});
