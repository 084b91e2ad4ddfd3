import { mkdtempSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SeededRandom } from "../../../src/engine/random.ts";
import { MAX_REPLAY_FILE_BYTES } from "../../../src/room-core/replay";
import { bundleLogic } from "../../../tools/cli/bundle.ts";
import { devRoster } from "../../../tools/cli/dev-roster.ts";
import { chooseBots } from "../../../tools/cli/loadtest-bots.ts";
import { ticTacToeWithoutBots } from "../loadtest/no-bots-scenario";
import { recordedGame } from "../room-core/recorded-game";
import { runCli, tempFile } from "./run-cli";

const EXAMPLE = path.resolve(import.meta.dirname, "../../../examples/tic-tac-toe");

afterEach(() => {
  vi.restoreAllMocks();
});

describe("scenario loadtest --replay: what it refuses", () => {
  it("without a bots export and without --replay, exits 1 naming both ways, before any room starts", async () => {
    const { code, err } = await runCli(["loadtest", ticTacToeWithoutBots(), "--rooms", "1", "--duration", "1"]);
    expect(err).toContain(
      "src/logic.ts has no bots export: add one, or pass --replay <file.json> to play back a saved game",
    );
    expect(err).not.toContain("starting the local rooms");
    expect(code).toBe(1);
  });

  it("refuses a replay file it cannot use with the replay reader's message, exit 2, before reading the scenario", async () => {
    // A folder with no manifest: had anything but the replay been read first, the message would be the manifest's.
    const empty = mkdtempSync(path.join(tmpdir(), "loadtest-empty-"));
    const refusal = async (file: string) => {
      const run = await runCli(["loadtest", empty, "--replay", file]);
      expect(run.code, run.err).toBe(2);
      expect(run.err).not.toContain("manifest.json");
      return run.err;
    };
    const game = await recordedGame();

    const broken = { ...game, steps: game.steps.map((step, index) => (index === 2 ? { ...step, at: "soon" } : step)) };
    expect(await refusal(tempFile("bad.json", JSON.stringify(broken)))).toMatch(
      /scenario loadtest: .*bad\.json: invalid replay: steps\.2\.at: .*number/,
    );
    expect(await refusal(tempFile("v2.json", JSON.stringify({ ...game, version: 2 })))).toContain(
      "v2.json: this is a version 2 replay, and this scenario CLI reads version 1 replays only",
    );
    expect(await refusal(tempFile("cut.json", JSON.stringify(game).slice(0, 100)))).toContain("cut.json: not JSON");
    const huge = tempFile("huge.json", "");
    truncateSync(huge, MAX_REPLAY_FILE_BYTES + 1);
    expect(await refusal(huge)).toContain(
      `huge.json: it is ${MAX_REPLAY_FILE_BYTES + 1} bytes; a replay file may be at most ${MAX_REPLAY_FILE_BYTES} bytes`,
    );
    expect(await refusal(path.join(empty, "none.json"))).toContain("none.json: cannot read it");
    const noActions = { ...game, steps: game.steps.filter((step) => step.input.kind !== "frame") };
    expect(await refusal(tempFile("idle.json", JSON.stringify(noActions)))).toContain(
      "idle.json: the replay holds no actions for the bots to play back",
    );
  });
});

describe("the load test's bots with --replay", () => {
  it("play back the replay's actions, each seat those of the replay's seat in its place, and win over a bots export", async () => {
    const code = await bundleLogic(path.join(EXAMPLE, "src/logic.ts"));
    const logged: string[] = [];
    // The recording's roster is alice, bob; the load test's p1, p2, p3.
    const recorded = {
      file: "game.json",
      actions: [
        { seatId: "alice", action: "place", payload: { cell: 4 } },
        { seatId: "bob", action: "place", payload: { cell: 0 } },
        { seatId: "alice", action: "place", payload: { cell: 8 } },
      ],
      seatIds: ["alice", "bob"],
    };
    const roster = devRoster(3);
    const bots = await chooseBots(code, "src/logic.ts", recorded, roster, (line) => logged.push(line));

    // tic-tac-toe's own bots wait while there is no state; these send what the replay's seat in their place sent.
    const act = (seatId: string) =>
      bots.act({ seatId, players: roster, state: null, turn: 0, random: new SeededRandom(1).asRandom() });
    expect([act("p1"), act("p2"), act("p3")]).toEqual([
      { action: "place", payload: { cell: 4 } },
      { action: "place", payload: { cell: 0 } },
      null,
    ]);
    expect(logged.join("\n")).toContain("played back per seat (p1 2, p2 1, p3 0); --replay wins over the bots export");
  });
});
