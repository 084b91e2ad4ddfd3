/**
 * The test room gives the outcome the room and a replay give for the same inputs. The saved games
 * of test/fixtures/replays/ were played in the harness on the room server (test/e2e/
 * test-room-replays.test.ts saves them again with REPLAY_FIXTURES=write).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import coinChase from "../../../examples/coin-chase/src/logic.ts";
import ticTacToe, { TURN_MS } from "../../../examples/tic-tac-toe/src/logic.ts";
import { parseReplay } from "../../../src/room-core/replay";
import { createTestRoom } from "../../../src/room-core/test-room";
import { runCli, tempFile } from "../cli/run-cli";
import { playInTestRoom } from "./replay-driver";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const GAMES = { "tic-tac-toe": ticTacToe, "coin-chase": coinChase };
const saved = (name: keyof typeof GAMES) => path.join(ROOT, `test/fixtures/replays/${name}.replay.json`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe.each(Object.keys(GAMES) as (keyof typeof GAMES)[])("a game of %s saved from the room server", (name) => {
  it("scenario replay runs it again: replay matches", async () => {
    const { code, out } = await runCli(["replay", path.join(ROOT, "examples", name), saved(name)]);
    expect(out).toContain("replay matches");
    expect(code).toBe(0);
  });

  it("played through a test room's own calls at its recorded times: every step the room's result and state", async () => {
    const replay = parseReplay(readFileSync(saved(name), "utf8"));
    const { recorded, now } = await playInTestRoom(GAMES[name], replay);
    expect(recorded.length).toBeGreaterThan(5);
    expect(now).toEqual(recorded);
  });
});

describe("a game played in a test room, saved with room.replay()", () => {
  it("scenario replay runs it with the example's logic: replay matches; with a changed rule it differs where the rule bites", async () => {
    const room = await createTestRoom(ticTacToe, { seed: 9 });
    await room.act("p1", "place", { cell: 4 });
    await room.act("p1", "place", { cell: 8 });
    await room.act("p2", "place", { cell: 0 });
    await room.advance(TURN_MS);
    await room.disconnect("p2");
    const file = tempFile("test-room.json", JSON.stringify(room.replay()));
    const { code, out } = await runCli(["replay", path.join(ROOT, "examples/tic-tac-toe"), file]);
    expect(out).toContain("replay matches: all 7 steps have the recorded outcome and state");
    expect(code).toBe(0);
    expect(room.replay().steps.at(-2)?.state).toMatchObject({ timeouts: 1, turn: "O" });
  });

  it("coin-chase's ticks and random draws replay the same", async () => {
    const room = await createTestRoom(coinChase, { seed: 4 });
    await room.input("p2", { dx: 1, dy: 1 });
    await room.advance(700);
    await room.serverAction("p1", "teleport");
    await room.advance(300);
    const file = tempFile("test-room.json", JSON.stringify(room.replay()));
    const { code, out } = await runCli(["replay", path.join(ROOT, "examples/coin-chase"), file]);
    expect(out).toMatch(/replay matches: all \d+ steps/);
    expect(code).toBe(0);
  });
});
