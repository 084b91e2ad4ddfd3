/**
 * `scenario test [dir]`: vitest on the scenario's own tests, a test room imported from the package
 * path, vitest's output and exit code. Each case runs the real command line in a child process, on
 * a copy of an example in a folder outside this project (no node_modules of its own).
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** A copy of the JavaScript turn-based template (tic-tac-toe) with these test files beside its logic. */
function scenarioWith(tests: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "scenario-test-"));
  cpSync(path.join(ROOT, "tools/cli/templates/js/turn-based"), dir, { recursive: true });
  for (const [name, text] of Object.entries(tests)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** Runs `scenario test ...args` as a person would (tools/cli/bin.js); vitest's own variables are not passed on. */
function scenarioTest(args: string[]): Promise<{ code: number | null; output: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")));
  const child = spawn(process.execPath, [path.join(ROOT, "tools/cli/bin.js"), "test", ...args], {
    cwd: tmpdir(),
    env: { ...env, NO_COLOR: "1", FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

/** The example of docs/authoring.md "scenario test". */
const PASSING = `import { describe, expect, it } from "vitest";
import { createTestRoom } from "scenario/test";
import game, { TURN_MS } from "./logic.js";

describe("tic-tac-toe", () => {
  it("X opens; X may not play twice", async () => {
    const room = await createTestRoom(game, { players: 2, seed: 1 });
    expect(await room.act("p1", "place", { cell: 4 })).toMatchObject({ applied: true });
    await room.expectRefused("p1", "place", { cell: 0 }, "Not your turn");
  });

  it("the turn passes when the timer fires", async () => {
    const room = await createTestRoom(game);
    await room.advance(TURN_MS);
    expect(room.state.turn).toBe("O");
    expect(room.events).toContainEqual(expect.objectContaining({ name: "timeout", cause: "deadline" }));
  });
});
`;

const FAILING = `import { expect, it } from "vitest";
import { createTestRoom } from "scenario/test";
import game from "./logic.js";

it("O opens (it does not)", async () => {
  const room = await createTestRoom(game);
  expect(room.state.turn).toBe("O");
});
`;

// Each case starts vitest in a child process (about 1.5 s alone; longer beside the other unit files).
describe("scenario test", { timeout: 30_000 }, () => {
  it("runs the tests beside the logic with a test room from the package path: vitest's report, exit 0", async () => {
    const dir = scenarioWith({ "logic.test.js": PASSING });
    const { code, output } = await scenarioTest([dir]);
    expect(output).toContain("✓ logic.test.js (2 tests)");
    expect(output).toMatch(/Tests\s+2 passed \(2\)/);
    expect(code).toBe(0);
  });

  it("a failing test: vitest's failure with the expected and received values, exit 1", async () => {
    const dir = scenarioWith({ "logic.test.js": PASSING, "opening.test.ts": FAILING });
    const { code, output } = await scenarioTest([dir]);
    expect(output).toContain("FAIL  opening.test.ts > O opens (it does not)");
    expect(output).toContain("AssertionError: expected 'X' to be 'O'");
    expect(output).toMatch(/Tests\s+1 failed \| 2 passed \(3\)/);
    expect(code).toBe(1);
  });

  it("passes vitest's filters and options on: a file name, -t with a test's name, a reporter", async () => {
    const dir = scenarioWith({ "logic.test.js": PASSING, "opening.test.ts": FAILING });
    const byFile = await scenarioTest([dir, "logic", "--reporter=verbose"]);
    expect(byFile.output).toContain("✓ logic.test.js > tic-tac-toe > the turn passes when the timer fires");
    expect(byFile.output).not.toContain("opening.test.ts");
    expect(byFile.code).toBe(0);
    const byName = await scenarioTest([dir, "-t", "timer"]);
    expect(byName.output).toMatch(/Tests\s+1 passed \| 2 skipped \(3\)/);
    expect(byName.code).toBe(0);
  });

  it("refuses a folder that is not there: usage, exit 2", async () => {
    const { code, output } = await scenarioTest([path.join(tmpdir(), "no-such-scenario")]);
    expect(output).toContain("no-such-scenario is not a folder");
    expect(output).toContain("Usage: scenario test [dir]");
    expect(code).toBe(2);
  });
});
