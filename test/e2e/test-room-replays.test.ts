import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import coinChase from "../../examples/coin-chase/src/logic.ts";
import ticTacToe from "../../examples/tic-tac-toe/src/logic.ts";
import type { Replay } from "../../src/room-core/replay";
import { testPort } from "../../tools/local-platform/ports.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { playInTestRoom } from "../unit/room-core/replay-driver.ts";
import {
  expectText,
  move,
  openTicTacToe,
  type RunningScenario,
  runScenarioDev,
  scenarioReplay,
  seatFrame,
  waitForText,
} from "./scenario-dev";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";

// Ports 8858 (harness) and 8859 (local rooms) belong to this test: one example after the other.
const PORT = testPort(8858);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** `scenario dev <example>` for the tests of one describe block. */
function useExample(dir: string): () => RunningScenario {
  let dev: RunningScenario;
  beforeAll(async () => {
    dev = await runScenarioDev(dir, PORT);
  });
  afterAll(async () => {
    await dev?.stop();
  });
  return () => dev;
}

/** The room's replay as the harness's "Save replay" downloads it, written to a file. */
async function saveReplay(dev: RunningScenario, page: Page): Promise<{ replay: Replay; file: string }> {
  const { revisionId } = (await (await fetch(`${dev.url}harness/config`)).json()) as { revisionId: string };
  const roomId = new URL(page.url()).searchParams.get("room") as string;
  const res = await fetch(`${dev.url}rooms/dev/rooms/${revisionId}/${roomId}/replay`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const file = path.join(mkdtempSync(path.join(tmpdir(), "test-room-e2e-")), "replay.json");
  writeFileSync(file, text);
  return { replay: JSON.parse(text) as Replay, file };
}

function keepAsFixture(name: string, replay: Replay) {
  if (process.env.REPLAY_FIXTURES !== "write") return;
  const dir = path.join(projectRoot, "test/fixtures/replays");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.replay.json`), `${JSON.stringify(replay, null, 2)}\n`);
}

describe("a saved game of tic-tac-toe: the room, scenario replay and the test room agree", () => {
  const dev = useExample("examples/tic-tac-toe");

  it("moves, a refused move, X's turn timer firing in the room: every step the same", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    screenshotOnFailure(page, "test-room-replays-tic-tac-toe");
    const { p1, p2 } = await openTicTacToe(page, `${dev().url}?room=saved-${Date.now()}`);
    await move(p1, p2, 4, "X");
    await p1.click('[data-cell="0"]');
    await expectText(p1, "#error", "Not your turn");
    await move(p2, p1, 0, "O");
    // X waits: the room's alarm fires the turn timer (20 s of game time) and the turn passes to O.
    await waitForText(p2, "#status", /^Your turn \(O\)$/, 40_000);
    await move(p2, p1, 8, "O");

    const { replay, file } = await saveReplay(dev(), page);
    const kinds = replay.steps.map((step) => step.input.kind);
    expect(kinds).toContain("deadlines");
    expect(replay.steps.filter((step) => step.result?.ok === false)).toHaveLength(1);
    expect(await scenarioReplay("examples/tic-tac-toe", file)).toMatchObject({
      code: 0,
      output: expect.stringContaining("replay matches"),
    });
    const { recorded, now } = await playInTestRoom(ticTacToe, replay);
    expect(now).toEqual(recorded);
    expect(now.at(-1)?.state).toMatchObject({
      timeouts: 1,
      board: ["O", null, null, null, "X", null, null, null, "O"],
    });
    keepAsFixture("tic-tac-toe", replay);
    await page.close();
  });
});

describe("a saved game of coin-chase: the room, scenario replay and the test room agree", () => {
  const dev = useExample("examples/coin-chase");

  it("ticks, a held key's inputs, a split action with the room's random: every step the same", async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    screenshotOnFailure(page, "test-room-replays-coin-chase");
    await page.goto(`${dev().url}?room=saved-${Date.now()}`);
    const p1 = await seatFrame(page, "p1");
    const p2 = await seatFrame(page, "p2");
    await waitForText(p2, "#positions", /Player 1 at \(0, 0\)/);
    await p1.click("#arena");
    await page.keyboard.press("ArrowDown", { delay: 600 });
    await waitForText(p2, "#positions", /Player 1 at \(0, (?!0\))/);
    await page.keyboard.press("t");
    await waitForText(p2, "#scores", /Player 1: \d \(teleports 1\)/);

    const { replay, file } = await saveReplay(dev(), page);
    const kinds = new Set(replay.steps.map((step) => step.input.kind));
    expect([...kinds].sort()).toEqual(["connect", "frame", "tick"]);
    expect(await scenarioReplay("examples/coin-chase", file)).toMatchObject({
      code: 0,
      output: expect.stringContaining("replay matches"),
    });
    const { recorded, now } = await playInTestRoom(coinChase, replay);
    expect(now).toEqual(recorded);
    const teleported = now.find((step) => step.result?.ok);
    expect(teleported?.result).toMatchObject({ ok: true });
    keepAsFixture("coin-chase", replay);
    await page.close();
  });
});
