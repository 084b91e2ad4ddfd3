import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { twoPlayers } from "./support";

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
