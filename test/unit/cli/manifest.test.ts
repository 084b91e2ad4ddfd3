import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ManifestError, readScenario } from "../../../tools/cli/manifest.ts";

function scenarioDir(manifest: unknown, files: Record<string, string> = { "logic.js": "export default {}" }): string {
  const dir = mkdtempSync(path.join(tmpdir(), "manifest-test-"));
  if (manifest !== undefined) {
    writeFileSync(path.join(dir, "manifest.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const problem = (dir: string) => {
  try {
    readScenario(dir);
  } catch (error) {
    expect(error).toBeInstanceOf(ManifestError);
    return (error as Error).message;
  }
  throw new Error("expected a ManifestError");
};

describe("scenario dev: manifest.json checks", () => {
  it("reads a valid manifest: logic entry and client folder resolved", () => {
    const dir = scenarioDir(
      { id: "my-game", serverActionLogicPath: "src/logic.ts", playerCount: 3, output: "dist" },
      { "src/logic.ts": "export default {}" },
    );
    const scenario = readScenario(dir);
    expect(scenario.manifest).toMatchObject({ id: "my-game", playerCount: 3 });
    expect(scenario.logicEntry).toBe(path.join(dir, "src/logic.ts"));
    expect(scenario.clientDir).toBe(path.join(dir, "dist"));
  });

  it("names a missing manifest.json and invalid JSON", () => {
    expect(problem(scenarioDir(undefined))).toMatch(/manifest\.json not found/);
    expect(problem(scenarioDir("{ nope"))).toMatch(/is not valid JSON/);
  });

  it("missing or empty id", () => {
    expect(problem(scenarioDir({ serverActionLogicPath: "logic.js" }))).toMatch(/id is required/);
    expect(problem(scenarioDir({ id: " ", serverActionLogicPath: "logic.js" }))).toMatch(/id must not be empty/);
  });

  it("bad playerCount: not a number, not whole, below 1, above the seat limit", () => {
    const base = { id: "g", serverActionLogicPath: "logic.js" };
    expect(problem(scenarioDir({ ...base, playerCount: "2" }))).toMatch(/playerCount must be a number/);
    expect(problem(scenarioDir({ ...base, playerCount: 1.5 }))).toMatch(/playerCount must be a whole number/);
    expect(problem(scenarioDir({ ...base, playerCount: 0 }))).toMatch(/playerCount must be at least 1/);
    expect(problem(scenarioDir({ ...base, playerCount: 65 }))).toMatch(/playerCount must be at most 64/);
  });

  it("missing logic entry: field absent, or the file it names absent", () => {
    expect(problem(scenarioDir({ id: "g" }))).toMatch(/serverActionLogicPath is missing/);
    expect(problem(scenarioDir({ id: "g", serverActionLogicPath: "src/nowhere.js" }))).toMatch(
      /serverActionLogicPath src\/nowhere\.js does not exist/,
    );
  });
});
