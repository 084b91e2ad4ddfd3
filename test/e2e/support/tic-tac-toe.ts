/** examples/tic-tac-toe as a player meets it in the browser: its lines of text and its moves. */
import type { Frame, Page } from "playwright-core";

/** Waits until the element's text is exactly `text`. */
export async function expectText(page: Page | Frame, selector: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([sel, wanted]) => document.querySelector(sel as string)?.textContent === wanted,
    [selector, text],
    { timeout: 20_000 },
  );
}

/** `mover` places `mark` on `cell`; resolves once `other` shows it. */
export async function move(mover: Page | Frame, other: Page | Frame, cell: number, mark: "X" | "O"): Promise<void> {
  await mover.click(`[data-cell="${cell}"]`);
  await other.waitForFunction(
    ([c, m]) => document.querySelector(`[data-cell="${c}"]`)?.textContent === m,
    [cell, mark] as const,
    { timeout: 20_000 },
  );
}

/** A whole game: X takes the top row while O plays the middle one; both pages see X win. */
export async function playXWins(x: Page | Frame, o: Page | Frame): Promise<void> {
  await expectText(x, "#status", "Your turn (X)");
  await move(x, o, 0, "X");
  await move(o, x, 3, "O");
  await move(x, o, 1, "X");
  await move(o, x, 4, "O");
  await move(x, o, 2, "X");
  await expectText(x, "#status", "X wins (you)");
  await expectText(o, "#status", "X wins");
}
