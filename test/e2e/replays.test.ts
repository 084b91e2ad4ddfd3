import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { expectText, move, scenarioReplay } from "./scenario-dev";
import { useTicTacToeHarness } from "./support/harness-session.ts";

// Ports 8834 (harness) and 8835 (local rooms) belong to this test.
const PORT = testPort(8834);

const harness = useTicTacToeHarness(PORT, "replays");

describe("scenario dev harness: save replay", () => {
  it("a few moves, save replay from the keyboard, then scenario replay on the file: replay matches, exit 0", async () => {
    const { page, p1, p2 } = await harness.open("save", 1280);
    const roomId = new URL(page.url()).searchParams.get("room");
    await move(p1, p2, 4, "X");
    await p1.click('[data-cell="0"]');
    await expectText(p1, "#error", "Not your turn");
    await move(p2, p1, 0, "O");
    await move(p1, p2, 8, "X");

    const save = page.getByRole("button", { name: "Save replay" });
    await save.focus();
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^replay-dev-tic-tac-toe-.*-${roomId}\\.json$`));
    const file = path.join(mkdtempSync(path.join(tmpdir(), "replays-e2e-")), download.suggestedFilename());
    await download.saveAs(file);
    await expectText(
      page,
      "[data-testid=replay-status]",
      `Saved ${download.suggestedFilename()}; npx scenario replay <dir> <file> runs it again`,
    );

    const replay = JSON.parse(readFileSync(file, "utf8"));
    expect(replay).toMatchObject({ format: "scenario-replay", version: 1, truncated: false });
    const actions = replay.steps
      .filter(
        (step: { input: { kind: string; message?: { type: string } } }) => step.input.message?.type === "__action",
      )
      .map((step: { input: { message: { payload: unknown } }; result: unknown }) => [
        step.input.message.payload,
        step.result,
      ]);
    expect(actions).toEqual([
      [{ cell: 4 }, { ok: true, events: [{ name: "placed", data: { mark: "X", cell: 4 } }] }],
      [{ cell: 0 }, { ok: false, code: "action_failed" }],
      [{ cell: 0 }, { ok: true, events: [{ name: "placed", data: { mark: "O", cell: 0 } }] }],
      [{ cell: 8 }, { ok: true, events: [{ name: "placed", data: { mark: "X", cell: 8 } }] }],
    ]);

    const { code, output } = await scenarioReplay("examples/tic-tac-toe", file);
    expect(output).toContain("replay matches");
    expect(code).toBe(0);
    await page.close();
  });
});
