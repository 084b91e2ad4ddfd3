import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { type RunningScenario, runScenarioDev, seatFrame, waitForText } from "./scenario-dev";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";

// Ports 8812 (harness) and 8813 (local rooms) belong to this test.
const PORT = testPort(8812);

let dev: RunningScenario;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dev = await runScenarioDev("examples/coin-chase", PORT);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

describe("scenario dev examples/coin-chase in a real browser", () => {
  it("the room's ticks move a player by its held key on every seat", async () => {
    screenshotOnFailure(page, "scenario-coin-chase-move");
    await page.goto(`${dev.url}?room=move`);
    const p1 = await seatFrame(page, "p1");
    const p2 = await seatFrame(page, "p2");
    await waitForText(p2, "#positions", /Player 1 at \(0, 0\)/);
    await waitForText(p2, "#clock", /game time [1-9]/);

    // Held for 800 ms: __input {dx: 1} on keydown, {dx: 0} on keyup; update() moves p1 every tick.
    await p1.click("#arena"); // keys go to the focused seat
    await page.keyboard.press("ArrowRight", { delay: 800 });
    await waitForText(p2, "#positions", /Player 1 at \((?!0,)\d+(\.5)?, 0\)/);
    const seenByP2 = (await p2.textContent("#positions")) ?? "";
    const x = Number(/Player 1 at \(([\d.]+),/.exec(seenByP2)?.[1]);
    expect(x).toBeGreaterThan(0);
    // Released: the position stays put on both seats.
    await waitForText(p1, "#positions", new RegExp(`Player 1 at \\(${x.toString().replace(".", "\\.")}, 0\\)`));
  });

  it("a split action: one teleport used, and the landing spot the room drew is the same on every seat", async () => {
    screenshotOnFailure(page, "scenario-coin-chase-teleport");
    await page.goto(`${dev.url}?room=teleport`);
    const p1 = await seatFrame(page, "p1");
    const p2 = await seatFrame(page, "p2");
    await waitForText(p2, "#scores", /Player 1: 0 \(teleports 2\)/);
    await p1.click("#arena");
    await page.keyboard.press("t");
    await waitForText(p1, "#scores", /Player 1: 0 \(teleports 1\)/);
    await waitForText(p2, "#scores", /Player 1: 0 \(teleports 1\)/);
    expect(await p2.textContent("#scores")).toContain("Player 2: 0 (teleports 2)");
    const landing = /Player 1 at \([^)]*\)/.exec((await p2.textContent("#positions")) ?? "")?.[0] ?? "none";
    expect(/Player 1 at \([^)]*\)/.exec((await p1.textContent("#positions")) ?? "")?.[0]).toBe(landing);
    await page.keyboard.press("t");
    await page.keyboard.press("t");
    await waitForText(p1, "#error", /No teleports left/);
    await waitForText(p2, "#scores", /Player 1: 0 \(teleports 0\)/);
  });
});
