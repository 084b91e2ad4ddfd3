import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { expectText, move } from "./scenario-dev";
import { saveDocImage, useTicTacToeHarness } from "./support/harness-session.ts";

// Ports 8824 (harness) and 8825 (local rooms) belong to this test.
const harness = useTicTacToeHarness(testPort(8824), "dev-tools");
const openHarness = harness.open;

/** Waits until the inspector's state tree shows `value` (as JSON) at `path` ("state.board.4"). */
async function expectTreeValue(page: Page, treePath: string, value: unknown) {
  await page.waitForFunction(
    ([at, wanted]) =>
      document.querySelector(`#dev-tools .json-leaf[data-path="${at}"] .json-value`)?.textContent === wanted,
    [treePath, JSON.stringify(value)] as const,
    { timeout: 10_000 },
  );
}

async function logTexts(page: Page): Promise<string[]> {
  return page.$$eval("#dev-tools [data-testid=log] button", (rows) => rows.map((row) => row.textContent ?? ""));
}

describe("scenario dev harness: dev tools", () => {
  it("the inspector shows the room and updates after an action", async () => {
    const { page, p1, p2 } = await openHarness("inspector", 1280);
    await expectTreeValue(page, "state.turn", "X");
    expect(await page.textContent("#dev-tools [data-testid=revision]")).toMatch(/^dev-tic-tac-toe-/);
    expect(await page.textContent("#dev-tools [data-testid=clock]")).toBe("running");
    const presence = await page.$$eval("#dev-tools [data-testid=presence] tbody tr", (rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("td")).map((cell) => cell.textContent)),
    );
    expect(presence).toEqual([
      ["p1", "", "yes (1)"],
      ["p2", "", "yes (1)"],
    ]);
    expect(await page.textContent("#dev-tools [data-testid=deadlines]")).toContain("turnTimer at");

    await move(p1, p2, 4, "X");
    await expectTreeValue(page, "state.board.4", "X");
    await expectTreeValue(page, "state.turn", "O");
    await page.close();
  });

  it("the log shows every operation in order, a refused action with its code, and filters by seat and kind", async () => {
    const { page, p1, p2 } = await openHarness("log", 1280);
    await move(p1, p2, 4, "X");
    await p1.click('[data-cell="0"]');
    await expectText(p1, "#error", "Not your turn");
    await page.waitForSelector("#dev-tools [data-testid=log] button.rejected");
    const all = (await logTexts(page)).map((row) => row.replace(/^#\d+ [\d.]+ s /, ""));
    // The game's onPresence runs as each seat comes online (tic-tac-toe starts its turn timer once
    // both were here): those rows are the room's too.
    expect(all.filter((row) => row.startsWith("onPresence")).sort()).toEqual([
      "onPresence: p1 online ran",
      "onPresence: p2 online ran",
    ]);
    const rows = all.filter((row) => !row.startsWith("onPresence"));
    // The seats load side by side, so either may join first; the game starts with the first.
    expect(rows.slice(0, 3).sort()).toEqual([
      expect.stringMatching(/^game started: 2 seats, seed \d+$/),
      "p1 joined",
      "p2 joined",
    ]);
    expect(rows[1]).toMatch(/^game started/);
    expect(rows.slice(3)).toEqual([
      'p1 place {"cell":4} → ack 1 · events: placed',
      'p1 place {"cell":0} → action_failed: Not your turn',
    ]);

    await page.selectOption("#dev-tools [data-testid=filter-kind]", "rejected");
    expect(await logTexts(page)).toEqual([expect.stringContaining("action_failed: Not your turn")]);
    await page.selectOption("#dev-tools [data-testid=filter-kind]", "all");
    await page.selectOption("#dev-tools [data-testid=filter-seat]", "p2");
    expect(await logTexts(page)).toEqual([
      expect.stringContaining("p2 joined"),
      expect.stringContaining("onPresence: p2 online ran"),
    ]);

    // The author reads the same code in the terminal, not "[redacted]".
    expect(harness.dev().output()).toMatch(/action rejected \{"code":"action_failed","error":"Not your turn"/);
    expect(harness.dev().output()).not.toContain("[redacted]");
    await page.close();
  });

  it("selecting an earlier entry shows the state after it and what it changed; back to live", async () => {
    const { page, p1, p2 } = await openHarness("time-travel", 1280);
    await move(p1, p2, 4, "X");
    await move(p2, p1, 0, "O");
    await expectTreeValue(page, "state.board.0", "O");

    await page.click("#dev-tools [data-testid=log] button:has-text('p1 place')");
    await page.waitForSelector("#dev-tools [data-testid=time-travel]");
    await expectTreeValue(page, "state.board.4", "X");
    await expectTreeValue(page, "state.board.0", null);
    await expectTreeValue(page, "state.turn", "O");
    const changes = await page.$$eval("#dev-tools [data-testid=changes] li", (items) =>
      items.map((i) => i.textContent),
    );
    expect(changes).toContain('board.4 null → "X"');
    expect(changes).toContain('turn "X" → "O"');
    // The seats play on meanwhile; the selected entry's state stays as it was.
    await move(p1, p2, 8, "X");
    await expectTreeValue(page, "state.board.8", null);
    await saveDocImage(page, "harness-dev-tools.png");

    await page.click("#dev-tools [data-testid=time-travel] button");
    await expectTreeValue(page, "state.board.8", "X");
    await expectTreeValue(page, "state.board.0", "O");
    await page.close();
  });

  it("at 1280 px seat frames grow with their content: nothing is cut off", async () => {
    const { page, p1 } = await openHarness("tall", 1280);
    await p1.evaluate(() => {
      const tall = document.createElement("div");
      tall.id = "tall";
      tall.style.height = "1500px";
      tall.textContent = "a long page";
      document.body.append(tall);
    });
    await page.waitForFunction(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-seat="p1"]');
      const root = frame?.contentDocument?.documentElement;
      return !!frame && !!root && root.scrollHeight > 1500 && frame.clientHeight >= root.scrollHeight;
    });
    // The seat's own viewport follows once the frame has been resized: then its page fits, unscrolled.
    await p1.waitForFunction(() => document.documentElement.scrollHeight <= innerHeight, null, { timeout: 10_000 });
    await page.close();
  });

  it("is usable at 360 px: seats stacked, no sideways scroll, arrow keys in a seat scroll nothing", async () => {
    const { page, p1, p2 } = await openHarness("narrow", 360, 740);
    const boxes = await page.$$eval("#seats figure", (figures) =>
      figures.map((figure) => figure.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(boxes).toHaveLength(2);
    const [first, second] = boxes as [DOMRect, DOMRect];
    expect(second.top).toBeGreaterThanOrEqual(first.bottom);
    expect(first.right).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Chromium scrolls smoothly, so a scroll would show only later: the test reads whether the
    // browser was told not to scroll (the key's default action prevented) as the key left the seat.
    await p1.evaluate(() => {
      const seen: boolean[] = [];
      (window as { arrowKeys?: boolean[] }).arrowKeys = seen;
      addEventListener("keydown", (event) => seen.push(event.defaultPrevented));
    });
    await p1.focus('[data-cell="4"]');
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    expect(await p1.evaluate(() => (window as { arrowKeys?: boolean[] }).arrowKeys)).toEqual([true, true]);
    expect(await page.evaluate(() => scrollY)).toBe(0);

    await move(p1, p2, 4, "X");
    await page.click("#dev-tools .tools-toggle");
    expect(await page.isVisible("#dev-tools [data-testid=log]")).toBe(false);
    await page.click("#dev-tools .tools-toggle");
    await page.waitForSelector("#dev-tools [data-testid=log] button[data-kind=action]");
    await saveDocImage(page, "harness-360.png");
    await page.close();
  });
});
