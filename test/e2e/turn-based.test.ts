import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { expectText, move, openTicTacToe, type RunningScenario, runScenarioDev } from "./scenario-dev";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { playXWins } from "./support/tic-tac-toe.ts";

// Ports 8814 (harness) and 8815 (local rooms) belong to this test.
const PORT = testPort(8814);

let dev: RunningScenario;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dev = await runScenarioDev("examples/tic-tac-toe", PORT);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

beforeEach(async ({ task }) => {
  page = await browser.newPage({ viewport: { width: 1100, height: 720 } });
  screenshotOnFailure(page, `scenario-${task.name}`);
});

/** Opens the harness on a fresh room and returns the two seat iframes, once both show a started game. */
function openHarness(room: string): Promise<{ p1: Frame; p2: Frame }> {
  return openTicTacToe(page, `${dev.url}?room=${room}`);
}

async function board(frame: Frame): Promise<string[]> {
  return frame.$$eval("[data-cell]", (cells) => cells.map((cell) => cell.textContent ?? ""));
}

describe("scenario dev examples/tic-tac-toe in a real browser", () => {
  it("serves a harness with one iframe per seat carrying the host-app parameters", async () => {
    await page.goto(dev.url);
    await page.waitForSelector('iframe[data-seat="p2"]');
    const sources = await page.$$eval("iframe", (frames) => frames.map((frame) => (frame as HTMLIFrameElement).src));
    expect(sources).toHaveLength(2);
    const params = new URL(sources[1] as string).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      server: `${new URL(dev.url).origin}/rooms`,
      roomId: "room-1",
      seatId: "p2",
      seatKind: "player",
      revisionId: expect.stringMatching(/^dev-tic-tac-toe-/),
      players: JSON.stringify([
        { id: "p1", name: "Player 1" },
        { id: "p2", name: "Player 2" },
      ]),
    });
  });

  it("two seats play a full game to a winner through real WebSockets", async () => {
    const { p1, p2 } = await openHarness("full-game");
    await playXWins(p1, p2);
    expect(await board(p2)).toEqual(["X", "X", "X", "O", "O", "", "", "", ""]);
  });

  it("refuses a move out of turn and shows the room's error on that seat only", async () => {
    const { p1, p2 } = await openHarness("out-of-turn");
    await p2.click('[data-cell="4"]');
    await expectText(p2, "#error", "Not your turn");
    expect(await board(p2)).toEqual(["", "", "", "", "", "", "", "", ""]);
    expect(await p1.textContent("#error")).toBe("");
  });

  it("names every board cell for a screen reader (axe finds nothing serious in a seat at 1280 and 360 px)", async () => {
    const { p1, p2 } = await openHarness("cell-names");
    expect(await p1.getByRole("button", { name: "Row 2, column 2: empty" }).count()).toBe(1);
    await move(p1, p2, 4, "X");
    expect(await p2.getByRole("button", { name: "Row 2, column 2: X" }).count()).toBe(1);
    expect(await seriousViolations(p1)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await seriousViolations(p2)).toEqual([]);
  });

  it('the game\'s end clears a refusal left from the game ("Not your turn")', async () => {
    const { p1, p2 } = await openHarness("ended-refusal");
    await move(p1, p2, 0, "X");
    await move(p2, p1, 3, "O");
    await move(p1, p2, 1, "X");
    await move(p2, p1, 4, "O");
    await p2.click('[data-cell="5"]');
    await expectText(p2, "#error", "Not your turn");
    await move(p1, p2, 2, "X");
    await expectText(p2, "#status", "X wins");
    await expectText(p2, "#error", "");
    // A move after the end is refused with why.
    await p2.click('[data-cell="8"]');
    await expectText(p2, "#error", "The game is over");
  });

  it("the timer line says it waits for players until every seat has joined, then counts down", async () => {
    await page.goto(dev.url);
    const src = (await (await page.waitForSelector('iframe[data-seat="p1"]')).getAttribute("src")) as string;
    // Each seat's page on a room of its own, opened one after the other (no harness around them).
    const room = `waiting-${Date.now()}`;
    const seatUrl = (seatId: string) => {
      const url = new URL(src, dev.url);
      for (const [name, value] of Object.entries({ seatId, nickname: seatId, roomId: room }))
        url.searchParams.set(name, value);
      return url.href;
    };
    await page.goto(seatUrl("p1"));
    await expectText(page, "#status", "Waiting for every player to join");
    await expectText(page, "#timer", "Turn timer: waiting for players");

    const second = await browser.newPage();
    await second.goto(seatUrl("p2"));
    await expectText(page, "#status", "Your turn (X)");
    await page.waitForFunction(() => /^\d+ s left for X$/.test(document.querySelector("#timer")?.textContent ?? ""));
    await second.close();
  });

  it("a page reload of one seat restores its state from __state", async () => {
    const { p1, p2 } = await openHarness("reload");
    await move(p1, p2, 4, "X");
    await move(p2, p1, 0, "O");
    // The old document is marked, so only the reloaded one (which knows nothing but what the room sends) counts.
    await p2.evaluate(() => {
      (window as { beforeReload?: boolean }).beforeReload = true;
      location.reload();
    });
    await p2.waitForFunction(
      () =>
        !(window as { beforeReload?: boolean }).beforeReload &&
        document.querySelector('[data-cell="4"]')?.textContent === "X",
      null,
      { timeout: 10_000 },
    );
    expect(await board(p2)).toEqual(["O", "", "", "", "X", "", "", "", ""]);
    await expectText(p2, "#status", "Waiting for X");
    await move(p1, p2, 8, "X");
  });

  it("pausing from one seat freezes the other; resuming runs both clocks again", async () => {
    // The page's clock is Playwright's: time moves when the test says so (the turn timer renders
    // on a 250 ms interval and reads the SDK's game clock), frames still arrive over real sockets.
    await page.clock.install();
    const { p1, p2 } = await openHarness("pause");
    await p2.waitForFunction(() => document.querySelector("#clock")?.getAttribute("data-frozen") === "false");
    await page.clock.runFor(300);
    const running = await p2.textContent("#timer");
    expect(running).toMatch(/^\d+ s left for X$/);
    await page.clock.runFor(2_000);
    expect(await p2.textContent("#timer")).not.toBe(running);

    await p1.click("#pause");
    await p2.waitForFunction(() => document.querySelector("#clock")?.getAttribute("data-frozen") === "true", null, {
      timeout: 10_000,
    });
    await page.clock.runFor(300);
    const paused = await p2.textContent("#timer");
    await page.clock.runFor(3_000);
    expect(await p2.textContent("#timer")).toBe(paused);

    await p2.click("#resume");
    await p1.waitForFunction(() => document.querySelector("#clock")?.getAttribute("data-frozen") === "false", null, {
      timeout: 10_000,
    });
    await page.clock.runFor(2_000);
    expect(await p2.textContent("#timer")).not.toBe(paused);
  });
});
