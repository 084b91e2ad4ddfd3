/** The network controls of a seat in the `scenario dev` harness, as an author uses them. */
import type { Page } from "playwright-core";
import type { NetworkSnapshot } from "../../../src/page-configs/network-conditions.ts";

const seat = (id: string) => `figure[data-seat="${id}"]`;

/** Opens the seat's "Network" controls (a <details>) unless they are open. */
export async function openNetworkControls(page: Page, seatId: string): Promise<void> {
  const details = await page.waitForSelector(`${seat(seatId)} details.net-controls`);
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await page.click(`${seat(seatId)} .net-controls summary`);
}

export async function clickLatencyPreset(page: Page, seatId: string, ms: number): Promise<void> {
  await openNetworkControls(page, seatId);
  await page.click(`${seat(seatId)} .net-controls fieldset fieldset button:text-is("${ms} ms")`);
}

export async function setCustomLatency(page: Page, seatId: string, value: string): Promise<void> {
  await openNetworkControls(page, seatId);
  await page.fill(`${seat(seatId)} input[id="net-custom-${seatId}"]`, value);
  await page.click(`${seat(seatId)} .net-controls button:text-is("Set")`);
}

export async function goOffline(page: Page, seatId: string, seconds: number): Promise<void> {
  await openNetworkControls(page, seatId);
  await page.fill(`${seat(seatId)} input[id="net-offline-${seatId}"]`, String(seconds));
  await page.click(`${seat(seatId)} .net-controls button:text-is("Go offline")`);
}

/** Waits until the seat's caption names its network as `text` ("300 ms added"; "" when undisturbed). */
export async function expectNetworkStatus(page: Page, seatId: string, text: string | RegExp): Promise<void> {
  const pattern = typeof text === "string" ? `^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$` : text.source;
  await page.waitForFunction(
    ([selector, source]) => {
      const shown = document.querySelector(selector as string)?.textContent ?? null;
      return shown !== null && new RegExp(source as string).test(shown.replace(/^ · /, ""));
    },
    [`${seat(seatId)} figcaption [data-testid=net-status]`, pattern] as const,
    { timeout: 20_000 },
  );
}

/** Waits until the seat's controls say `text` (what came of the last change). */
export async function expectNetworkMessage(page: Page, seatId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => document.querySelector(selector as string)?.textContent === wanted,
    [`${seat(seatId)} [data-testid=net-message]`, text] as const,
    { timeout: 10_000 },
  );
}

/** Every seat's network as the harness server applies it now. */
export async function networkConditions(harnessUrl: string): Promise<NetworkSnapshot> {
  const res = await fetch(new URL("/harness/conditions", harnessUrl));
  if (!res.ok) throw new Error(`GET /harness/conditions answered ${res.status}`);
  return (await res.json()) as NetworkSnapshot;
}

/** The action log's rows as the harness shows them, without their index and game time. */
export async function logRows(page: Page): Promise<string[]> {
  return page.$$eval("#dev-tools [data-testid=log] button", (rows) =>
    rows.map((row) => (row.textContent ?? "").replace(/^#\d+ [\d.]+ s /, "")),
  );
}

/** Waits until the action log holds `count` rows that are exactly `text`. */
export async function expectLogRows(page: Page, text: string, count: number): Promise<void> {
  await page.waitForFunction(
    ([wanted, n]) =>
      Array.from(document.querySelectorAll("#dev-tools [data-testid=log] button")).filter(
        (row) => (row.textContent ?? "").replace(/^#\d+ [\d.]+ s /, "") === wanted,
      ).length >= (n as number),
    [text, count] as const,
    { timeout: 20_000 },
  );
}
