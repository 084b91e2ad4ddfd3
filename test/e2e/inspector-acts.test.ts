import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MAX_STATE_BYTES } from "../../src/room-core/logic-calls";
import { testPort } from "../../tools/local-platform/ports.ts";
import { expectText, move } from "./scenario-dev";
import { useTicTacToeHarness } from "./support/harness-session.ts";

// Ports 8861 (harness) and 8862 (local rooms) belong to this test.
const harness = useTicTacToeHarness(testPort(8861), "inspector-acts");

const answer = (page: Page, text: string) => expectText(page, "#dev-tools [data-testid=act-answer]", text);

/** Waits for a row of the action log that reads `text` (after its index and time). */
async function expectLogRow(page: Page, text: string) {
  await page.waitForFunction(
    (wanted) =>
      Array.from(document.querySelectorAll("#dev-tools [data-testid=log] button")).some(
        (row) => row.textContent?.replace(/^#\d+ [\d.]+ s /, "") === wanted,
      ),
    text,
    { timeout: 10_000 },
  );
}

describe("scenario dev harness: the inspector acts", () => {
  it("edits the state as JSON: the room checks it, every seat shows it, the log keeps an operator edit", async () => {
    const { page, p1, p2 } = await harness.open("edit", 1280);
    await page.click("#dev-tools button:has-text('Edit state')");
    const editor = page.locator("#dev-tools [data-testid=state-editor]");
    const state = JSON.parse(await editor.inputValue());
    expect(state).toMatchObject({ turn: "X", seats: { X: "p1", O: "p2" } });

    await editor.fill("{ not json");
    await page.click("#dev-tools button:has-text('Apply state')");
    await page.waitForFunction(() =>
      document.querySelector("#dev-tools [data-testid=act-answer]")?.textContent?.startsWith("Edit state: not JSON"),
    );
    await editor.fill(JSON.stringify({ ...state, blob: "x".repeat(MAX_STATE_BYTES) }));
    await page.click("#dev-tools button:has-text('Apply state')");
    await answer(
      page,
      `Edit state: invalid_state: The room refuses this state: the state is larger than ${MAX_STATE_BYTES} bytes of JSON`,
    );

    state.board[0] = "O";
    state.board[1] = "O";
    await editor.fill(JSON.stringify(state, null, 2));
    await page.click("#dev-tools button:has-text('Apply state')");
    await answer(page, "Edit state: done");
    for (const seat of [p1, p2]) await expectText(seat, '[data-cell="1"]', "O");
    await expectLogRow(page, "operator edit: the state replaced");
    // The game plays on from the edited board: O's third mark in the row wins it.
    await move(p1, p2, 4, "X");
    await move(p2, p1, 2, "O");
    await expectText(p2, "#status", "O wins (you)");
    await page.close();
  });

  it("runs an action as any seat with a payload: refused with the game's error, or applied for every seat", async () => {
    const { page, p1, p2 } = await harness.open("act", 1280);
    await page.selectOption("#dev-tools [data-testid=act-seat]", "p2");
    expect(await page.$$eval("#dev-tools [data-testid=act-name] option", (o) => o.map((x) => x.textContent))).toEqual([
      "rematch",
      "place",
    ]);
    await page.selectOption("#dev-tools [data-testid=act-name]", "place");
    await page.fill("#dev-tools [data-testid=act-payload]", '{"cell": 2}');
    await page.click("#dev-tools button:has-text('Run')");
    await answer(page, "place as p2: action_failed: Not your turn");
    await expectLogRow(page, 'operator as p2: place {"cell":2} → action_failed: Not your turn');

    await page.selectOption("#dev-tools [data-testid=act-seat]", "p1");
    await page.click("#dev-tools button:has-text('Run')");
    await answer(page, "place as p1: done");
    for (const seat of [p1, p2]) await expectText(seat, '[data-cell="2"]', "X");
    await expectText(p2, "#status", "Your turn (O)");
    await expectLogRow(page, 'operator as p1: place {"cell":2} → applied · events: placed');
    await page.close();
  });

  it("fires a pending deadline now: the turn passes at once on every seat", async () => {
    const { page, p1, p2 } = await harness.open("fire", 1280);
    await page.click("#dev-tools button[aria-label='Fire now: turnTimer']");
    await answer(page, "Fire turnTimer: done");
    await expectText(p1, "#status", "Waiting for O");
    await expectText(p2, "#status", "Your turn (O)");
    await expectLogRow(page, "deadline turnTimer fired now by the operator · events: timeout");
    // O's own timer runs from the moment it fired, a whole turn long.
    await page.waitForFunction(() =>
      /turnTimer at \d+\.\d s \(in 1\d\.\d s\)/.test(
        document.querySelector("#dev-tools [data-testid=deadlines]")?.textContent ?? "",
      ),
    );
    await page.close();
  });
});
