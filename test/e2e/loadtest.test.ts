import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { spawnTree } from "../../tools/local-platform/process-tree.ts";
import { ticTacToeWithoutBots } from "../unit/loadtest/no-bots-scenario.ts";
import { tableRows } from "../unit/loadtest/table-rows.ts";
import { recordedGame } from "../unit/room-core/recorded-game.ts";

// Port 8826 (the load test's local rooms) belongs to this test.
const ROOMS_PORT = testPort(8826);
const projectRoot = path.resolve(import.meta.dirname, "../..");

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real CLI, `scenario loadtest ...`, to its end (the command stops by itself). Tracked as
 * a process tree, so a test that times out does not leave it and its wrangler holding the port.
 */
function loadtest(args: string[]): Promise<Finished> {
  const { child } = spawnTree(
    path.join(projectRoot, "node_modules/.bin/node"),
    [path.join(projectRoot, "tools/cli/run.ts"), "loadtest", ...args],
    {
      cwd: projectRoot,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout, stderr })));
}

/** Every seat opened, the bots' moves were acked, and every action sent was answered (acked or refused), none lost. */
function expectEveryActionAnswered(rows: Map<string, string>, seatsOpened: string) {
  const count = (label: string) => Number(rows.get(label));
  expect(rows.get("seats opened")).toBe(seatsOpened);
  expect(count("actions sent")).toBeGreaterThan(0);
  expect(count("actions acked")).toBeGreaterThan(0);
  expect(count("actions sent")).toBe(count("actions acked") + count("action errors"));
  expect(count("actions lost (never answered)")).toBe(0);
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("scenario loadtest", () => {
  it("plays 2 local rooms of tic-tac-toe with its bots, stops by itself, and its counts add up", async () => {
    const run = await loadtest([
      "examples/tic-tac-toe",
      ...["--rooms", "2", "--seats", "2", "--rate", "4", "--duration", "3", "--rooms-port", String(ROOMS_PORT)],
    ]);

    expect(run.code, run.stderr).toBe(0);
    const rows = tableRows(run.stdout);
    const count = (label: string) => Number(rows.get(label));
    expectEveryActionAnswered(rows, "4 of 4");
    const byCode = [...rows].filter(([label]) => label.startsWith("  ")).map(([, value]) => Number(value));
    expect(byCode.reduce((sum, n) => sum + n, 0)).toBe(count("action errors"));
    // Each due turn is an action, an input, a wait or a turn after the game was over (the bots
    // tell): 2 rooms x 2 seats x 4 a second x 3 s. The headline says the same in words.
    const [sent, inputs, waited, over] = [
      count("actions sent"),
      count("inputs sent"),
      count("idle turns (the bot waited)"),
      count("idle turns (its game was over)"),
    ];
    expect(sent + inputs + waited + over).toBe(48);
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([
      "scenario loadtest: Tic-tac-toe with a turn timer, 2 rooms x 2 seats, each seat due 4 times a second for 3 s",
      `48 turns due: ${sent + inputs} moves sent (${sent} actions, ${inputs} inputs), ${waited} waited while the game went on, ${over} idle after it was over`,
    ]);
    expect(rows.get("round trip p50 / p95 / p99")).toMatch(/^[\d.]+ \/ [\d.]+ \/ [\d.]+ ms$/);
    // The rooms stored their games (the start is written at once) and their processes were measured.
    expect(Number(rows.get("storage writes/s"))).toBeGreaterThan(0);
    expect(rows.get("rooms CPU")).toMatch(/^[\d.]+ ms a second/);
    expect(rows.get("rooms memory")).toMatch(/^[\d.]+ MiB at the peak/);
    // Not a terminal here: the progress came as plain lines on stderr.
    expect(run.stderr).toMatch(/^loadtest: \d+ s of 3 s, \d+ sent, \d+ acked, \d+ errors, \d+ in flight$/m);
  });

  it("refuses rooms that are not on this machine, and flags out of bounds, with exit 2 before starting anything", async () => {
    const remote = await loadtest([
      "examples/tic-tac-toe",
      "--rooms-url",
      "https://rooms.example.com/rooms",
      "--revision",
      "r1",
    ]);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("--rooms-url must be on this machine");
    const tooMany = await loadtest(["examples/tic-tac-toe", "--rooms", "500"]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain("--rooms must be at most 200");
  });

  it("plays back a saved replay on a scenario without a bots export: exit 0, and its counts add up", async () => {
    const dir = ticTacToeWithoutBots();
    scratch.push(dir);
    const replayFile = path.join(dir, "game.json");
    writeFileSync(replayFile, JSON.stringify(await recordedGame()));

    const run = await loadtest([
      dir,
      ...["--replay", replayFile, "--rooms", "1", "--seats", "2", "--rate", "4", "--duration", "2"],
      ...["--rooms-port", String(ROOMS_PORT)],
    ]);

    expect(run.code, run.stderr).toBe(0);
    // The recording's seats alice and bob play as p1 and p2.
    expect(run.stderr).toContain(`bots: the actions recorded in ${replayFile}, played back per seat (p1 2, p2 1)`);
    const rows = tableRows(run.stdout);
    expectEveryActionAnswered(rows, "2 of 2");
    // Every due turn of a seat with recorded actions sends one: 1 room x 2 seats x 4 a second x 2 s.
    expect(Number(rows.get("actions sent"))).toBe(16);
  });
});
