import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import {
  clickLatencyPreset,
  expectLogRows,
  expectNetworkMessage,
  expectNetworkStatus,
  goOffline,
  logRows,
  networkConditions,
  openNetworkControls,
  setCustomLatency,
} from "./support/harness-network.ts";
import { saveDocImage, useTicTacToeHarness } from "./support/harness-session.ts";
import { expectText, move, playXWins } from "./support/tic-tac-toe.ts";

// Ports 8826 (harness) and 8827 (local rooms) belong to this test.
const harness = useTicTacToeHarness(testPort(8826), "network");
const openHarness = harness.open;
const devUrl = () => harness.dev().url;

/** Each test leaves p2 as it found it: no added latency, online. */
async function backToNormal(page: Page) {
  await clickLatencyPreset(page, "p2", 0);
  await expectNetworkStatus(page, "p2", "");
}

describe("scenario dev harness: network conditions per seat", () => {
  it("a seat with 300 ms added latency still converges with the others; a custom value past 5000 ms is refused", async () => {
    const { page, p1, p2 } = await openHarness("latency", 1280);
    await clickLatencyPreset(page, "p2", 300);
    await expectNetworkStatus(page, "p2", "300 ms added");
    await expectNetworkStatus(page, "p1", "");
    expect(await page.getAttribute('figure[data-seat="p2"] button:text-is("300 ms")', "aria-pressed")).toBe("true");

    await setCustomLatency(page, "p2", "9000");
    await expectNetworkMessage(page, "p2", "Latency must be a whole number of milliseconds from 0 to 5000");
    await expectNetworkStatus(page, "p2", "300 ms added");
    // Every control is labelled and readable, the message and the disturbed caption included.
    expect(await seriousViolations(page, ["figcaption", ".seat-network"])).toEqual([]);

    const before = (await networkConditions(devUrl())).seats;
    await playXWins(p1, p2);
    await expectText(p2, "#status", "X wins");
    const after = (await networkConditions(devUrl())).seats;
    // The seat's frames went through the delay queue; the other seat's never waited.
    expect(after.p2?.latencyMs).toBe(300);
    expect(after.p2?.delayedChunks).toBeGreaterThan(before.p2?.delayedChunks ?? 0);
    expect(after.p1?.delayedChunks).toBe(before.p1?.delayedChunks);
    await openNetworkControls(page, "p2");
    await saveDocImage(page, "harness-network.png", false);

    await backToNormal(page);
    await page.close();
  });

  it("at 360 px, by keyboard: a dropped seat reconnects by itself and converges", async () => {
    const { page, p1, p2 } = await openHarness("drop", 360, 740);
    await move(p1, p2, 4, "X");
    await expectLogRows(page, "p2 joined", 1);

    await page.focus('figure[data-seat="p2"] .net-controls summary');
    await page.keyboard.press("Enter");
    for (let tab = 0; tab < 10; tab++) {
      if ((await page.evaluate(() => document.activeElement?.textContent)) === "Drop connection") break;
      await page.keyboard.press("Tab");
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Drop connection");
    await page.keyboard.press("Enter");
    await expectNetworkMessage(page, "p2", "connection dropped; the game reconnects");

    // The room saw p2 go, and p2 came back without anyone touching it.
    await expectLogRows(page, "p2 left", 1);
    await expectLogRows(page, "p2 joined", 2);
    await expectNetworkStatus(page, "p2", "");
    await expectText(p2, "#status", "Your turn (O)");
    await move(p2, p1, 0, "O");
    expect(await p2.textContent('[data-cell="4"]')).toBe("X");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.close();
  });

  it("offline for N seconds: the seat is cut off, misses a move, and comes back by itself to the room's state", async () => {
    const { page, p1, p2 } = await openHarness("offline", 1280);
    await goOffline(page, "p2", 4);
    await expectNetworkStatus(page, "p2", /^offline [1-4] s$/);
    await expectLogRows(page, "p2 left", 1);
    const during = (await networkConditions(devUrl())).seats.p2;
    expect(during?.connections).toBe(0);
    expect(during?.offlineMsLeft).toBeGreaterThan(0);

    // p1 plays on while p2 is away.
    await p1.click('[data-cell="4"]');
    await expectLogRows(page, 'p1 place {"cell":4} → ack 1 · events: placed', 1);

    // The harness ends the offline period by itself (its event clears the caption); p2 reconnects.
    await expectNetworkStatus(page, "p2", "");
    await expectLogRows(page, "p2 joined", 2);
    await p2.waitForFunction(() => document.querySelector('[data-cell="4"]')?.textContent === "X", null, {
      timeout: 20_000,
    });
    const rows = await logRows(page);
    const left = rows.indexOf("p2 left");
    const moved = rows.indexOf('p1 place {"cell":4} → ack 1 · events: placed');
    const back = rows.lastIndexOf("p2 joined");
    expect(left).toBeLessThan(moved);
    expect(moved).toBeLessThan(back);
    await move(p2, p1, 0, "O");
    await page.close();
  });

  it("the endpoint takes changes only as JSON from the harness's own pages, and says why not", async () => {
    const url = (seatId: string) => new URL(`/harness/conditions/${seatId}`, devUrl());
    const post = (seatId: string, body: string, headers: Record<string, string> = {}) =>
      fetch(url(seatId), { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const answers = [
      await post("p2", JSON.stringify({ kind: "latency", ms: 5001 })),
      await post("p9", JSON.stringify({ kind: "drop" })),
      await post("p2", "{not json"),
      await post("p2", JSON.stringify({ kind: "drop" }), { "content-type": "text/plain" }),
      await post("p2", JSON.stringify({ kind: "drop" }), { origin: "http://elsewhere.test" }),
      await post("p2", JSON.stringify({ kind: "latency", ms: 0, pad: "x".repeat(2_000) })),
      await fetch(new URL("/harness/conditions", devUrl()), { method: "DELETE" }),
    ];
    const seen = await Promise.all(answers.map(async (res) => [res.status, (await res.json()).error]));
    expect(seen).toEqual([
      [400, "invalid_condition"],
      [404, "unknown_seat"],
      [400, "invalid_json"],
      [415, "unsupported_media_type"],
      [403, "cross_origin"],
      [413, "body_too_large"],
      [405, "method_not_allowed"],
    ]);
    expect((await networkConditions(devUrl())).seats.p2).toMatchObject({ latencyMs: 0, offlineMsLeft: 0 });
  });
});
