import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_REPLAY_DEPTH, MAX_REPLAY_FILE_BYTES } from "../../../src/room-core/replay";
import { initScenario } from "../../../tools/cli/init-scenario";
import { stepText } from "../../../tools/cli/replay-report";
import { recordedGame } from "../room-core/recorded-game";
import { runCli, tempFile } from "./run-cli";

const EXAMPLE = path.resolve(import.meta.dirname, "../../../examples/tic-tac-toe");

/** Runs `scenario replay` as the command line does. */
const replay = (dir: string, file: string) => runCli(["replay", dir, file]);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("scenario replay", () => {
  it("a recorded game replays with the logic that played it: replay matches, exit 0", async () => {
    const recorded = await recordedGame();
    expect(recorded.steps.map((step) => step.result?.ok ?? null)).toEqual([null, null, true, false, true, null, null]);
    expect(recorded.steps[5]?.state).toMatchObject({ timeouts: 1, turn: "O" });
    const { code, out, err } = await replay(EXAMPLE, tempFile("game.json", JSON.stringify(recorded)));
    expect(err).toBe("");
    expect(out).toContain("replay matches: all 7 steps have the recorded outcome and state");
    expect(code).toBe(0);
  });

  it("after a logic change, names the first step that differs: index, seat, action, ack against error, state diff; exit 1", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "replay-logic-"));
    initScenario({ dir, template: "turn-based", js: false });
    const logic = path.join(dir, "src/logic.ts");
    // The changed rule: the corner cell 0 may no longer be played.
    const changed = readFileSync(logic, "utf8").replace("cell < 0 ||", "cell < 1 ||");
    expect(changed).not.toBe(readFileSync(logic, "utf8"));
    writeFileSync(logic, changed);

    const { code, out } = await replay(dir, tempFile("game.json", JSON.stringify(await recordedGame())));
    expect(out).toContain("replay differs at step 5 of 7 (index 4, 1.50 s into the room)");
    expect(out).toContain('step:     bob action "place" {"cell":0} (seq 1)');
    expect(out).toContain('recorded: ack, events: placed {"mark":"O","cell":0}');
    expect(out).toContain("now:      error action_failed (cell must be 0-8)");
    expect(out).toContain('~ board.0: "O" → null');
    expect(out).toContain('~ turn: "X" → "O"');
    expect(code).toBe(1);
  });

  it("refuses a replay of another version of the format, naming both versions; exit 2", async () => {
    const file = tempFile("v2.json", JSON.stringify({ ...(await recordedGame()), version: 2 }));
    const { code, err, out } = await replay(EXAMPLE, file);
    expect(err).toContain("this is a version 2 replay, and this scenario CLI reads version 1 replays only");
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("refuses a malformed replay with the path of the bad field; exit 2", async () => {
    const game = await recordedGame();
    const broken = { ...game, steps: game.steps.map((step, index) => (index === 2 ? { ...step, at: "soon" } : step)) };
    const malformed = await replay(EXAMPLE, tempFile("bad.json", JSON.stringify(broken)));
    expect(malformed.err).toMatch(/bad\.json: invalid replay: steps\.2\.at: .*number/);
    expect(malformed.code).toBe(2);

    const notJson = await replay(EXAMPLE, tempFile("cut.json", JSON.stringify(game).slice(0, 100)));
    expect(notJson.err).toContain("cut.json: not JSON");
    expect(notJson.code).toBe(2);

    const other = await replay(EXAMPLE, tempFile("manifest.json", JSON.stringify({ id: "x" })));
    expect(other.err).toContain('not a scenario replay: "format" must be "scenario-replay"');
    expect(other.code).toBe(2);

    // A sparse file: refused by its size, before a byte of it is read.
    const huge = tempFile("huge.json", "");
    truncateSync(huge, MAX_REPLAY_FILE_BYTES + 1);
    const tooLarge = await replay(EXAMPLE, huge);
    expect(tooLarge.err).toContain(`huge.json: it is ${MAX_REPLAY_FILE_BYTES + 1} bytes; a replay file may be at most`);
    expect(tooLarge.code).toBe(2);

    const missing = await replay(EXAMPLE, path.join(tmpdir(), "no-such-replay.json"));
    expect(missing.err).toContain("no-such-replay.json: cannot read it");
    expect(missing.code).toBe(2);
  });

  it("refuses a state nested 20,000 levels deep as unusable; exit 2, not a difference", async () => {
    const game = await recordedGame();
    const last = game.steps.length - 1;
    const marked = {
      ...game,
      steps: game.steps.map((step, index) => (index === last ? { ...step, state: "DEEP" } : step)),
    };
    // Written as text: JSON.stringify itself would run out of stack on such a value.
    const deep = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    const file = tempFile("deep.json", JSON.stringify(marked).replace('"DEEP"', deep));
    const { code, err, out } = await replay(EXAMPLE, file);
    expect(err).toContain(`deep.json: it nests values deeper than ${MAX_REPLAY_DEPTH} levels`);
    expect(out).toBe("");
    expect(code).toBe(2);
  });

  it("prints a replay file's ids with their control characters escaped, never raw to the terminal", () => {
    const seat = "p1\u001b]0;owned\u0007\u009b2J\u202e";
    const line = stepText(
      {
        at: 0,
        input: {
          kind: "connect",
          connection: { connectionId: "c\u001b[2K", playerId: seat, nickname: "", monitor: false, connectedAt: 0 },
          roster: null,
        },
      },
      seat,
    );
    expect(line).toBe("p1\\u001b]0;owned\\u0007\\u009b2J\\u202e joins (connection c\\u001b[2K)");
    expect(line).not.toMatch(/[\p{Cc}\u202e]/u);
  });

  it("refuses a scenario folder whose logic does not load; exit 2, not a difference", async () => {
    const file = tempFile("game.json", JSON.stringify(await recordedGame()));
    const noManifest = await replay(mkdtempSync(path.join(tmpdir(), "replay-empty-")), file);
    expect(noManifest.err).toContain("manifest.json not found");
    expect(noManifest.code).toBe(2);

    const dir = mkdtempSync(path.join(tmpdir(), "replay-broken-"));
    initScenario({ dir, template: "turn-based", js: true });
    writeFileSync(path.join(dir, "logic.js"), "export default {\n  setup( {\n};\n");
    const broken = await replay(dir, file);
    expect(broken.err).toMatch(/scenario replay: the logic did not build: logic\.js:\d+:\d+: /);
    expect(broken.code).toBe(2);
  });
});
