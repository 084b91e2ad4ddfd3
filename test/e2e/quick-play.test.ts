import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mintSeatTicket } from "../../src/room-access/seat-ticket.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";
import { launchChromium, newPerson } from "./support/browser.ts";
import { gameFrame, seatOf } from "./support/game-frame.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { startPlatform, waitForFreePort } from "./support/platform.ts";
import { authorWithToken, scenario } from "./support/publish-cli.ts";
import { expectText, playXWins } from "./support/tic-tac-toe.ts";

// Port 8850 belongs to this test.
const PORT = testPort(8850);

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let configDir: string;
let playUrl: string;
let privateUrl: string;
let revisionId: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  // Seat tickets required, as in stg and prd.
  platform = await startPlatform(PORT, { vars: { ROOM_TICKETS: "required" } });
  configDir = mkdtempSync(path.join(tmpdir(), "quick-play-"));
  browser = await launchChromium();
  const { token } = await authorWithToken(platform.url);
  const published = await scenario({ platformUrl: platform.url, configDir }, ["publish", "examples/tic-tac-toe"], {
    SCENARIO_PUBLISH_TOKEN: token,
  });
  expect(published.code, published.stderr).toBe(0);
  revisionId = /revisionId: (\S+)/.exec(published.stdout)?.[1] as string;
  playUrl = /play: (\S+)/.exec(published.stdout)?.[1] as string;
  privateUrl = /private room: (\S+)/.exec(published.stdout)?.[1] as string;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** The people of the test running: they leave when it ends, so the rooms they played in are over. */
let people: Page[] = [];

async function newPlayer(name: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await newPerson(browser, name, viewport);
  people.push(page);
  return page;
}

afterEach(async () => {
  for (const page of people) await page.context().close();
  people = [];
});

/** Opens the play URL as a new user: signs up on the way, and quick play shows the game in the lobby's frame. */
async function openPlayUrl(page: Page): Promise<{ roomId: string; seatId: string; game: Frame }> {
  await page.goto(playUrl);
  await page.waitForURL(`${platform.url}/auth/login?**`);
  await signUpByPhone(page);
  const game = await gameFrame(page);
  return { ...seatOf(game), game };
}

describe("quick play: players who open the same play URL meet", () => {
  it("seats two people who open the play URL in one room, and they play each other", async () => {
    const alice = await newPlayer("quick-alice");
    const aliceSeat = await openPlayUrl(alice);
    expect(aliceSeat.seatId).toBe("p1");
    await expectText(aliceSeat.game, "#you", "You are Player 1 (X).");
    const bob = await newPlayer("quick-bob", { width: 360, height: 740 });
    const bobSeat = await openPlayUrl(bob);
    expect({ roomId: bobSeat.roomId, seatId: bobSeat.seatId }).toEqual({ roomId: aliceSeat.roomId, seatId: "p2" });
    await expectText(bobSeat.game, "#you", "You are Player 2 (O).");

    await playXWins(aliceSeat.game, bobSeat.game);
    // The sign-in left no page behind the game: Back leaves it for the page before, instead of
    // bouncing through /login into the game again.
    await bob.goBack();
    expect(bob.url()).toBe("about:blank");

    // Alice's game gets a ticket whose time is over (as after a night with the page open): the SDK
    // asks the lobby around it for a fresh one, and the game is there as she left it.
    const gameUrl = new URL(aliceSeat.game.url());
    const expired = await mintSeatTicket(
      platform.secrets.ROOM_TICKET_SECRET as string,
      {
        revisionId,
        roomId: aliceSeat.roomId,
        seatId: "p1",
        role: "player",
        players: [
          { id: "p1", name: "Player 1" },
          { id: "p2", name: "Player 2" },
        ],
        nickname: "Player 1",
      },
      { now: Date.now() - 2 * 60 * 60 * 1000 },
    );
    gameUrl.hash = new URLSearchParams({ ticket: expired }).toString();
    const renewals: string[] = [];
    alice.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/seats/p1")) renewals.push(request.url());
    });
    // A new document in the frame (a fragment alone would not load the page again).
    await alice.evaluate(async (url) => {
      const frame = document.getElementById("game-frame") as HTMLIFrameElement;
      frame.src = "about:blank";
      await new Promise((loaded) => frame.addEventListener("load", loaded, { once: true }));
      frame.src = url;
    }, gameUrl.href);
    await aliceSeat.game.waitForURL((url) => url.hash === "" && url.pathname.endsWith("/index.html"));
    await expectText(aliceSeat.game, "#you", "You are Player 1 (X).");
    await expectText(aliceSeat.game, "#status", "X wins (you)");
    expect(await aliceSeat.game.textContent("#error")).toBe("");
    expect(renewals).toHaveLength(1);
    expect(alice.url()).toBe(playUrl);
  }, 180_000);

  it("gives two people who open it at once two seats of one room", async () => {
    const [carol, dave] = await Promise.all([newPlayer("quick-carol"), newPlayer("quick-dave")]);
    const [carolSeat, daveSeat] = await Promise.all([openPlayUrl(carol), openPlayUrl(dave)]);
    expect(carolSeat.roomId).toBe(daveSeat.roomId);
    expect([carolSeat.seatId, daveSeat.seatId].sort()).toEqual(["p1", "p2"]);
    const name = (seatId: string) => (seatId === "p1" ? "Player 1 (X)" : "Player 2 (O)");
    await Promise.all([
      expectText(carolSeat.game, "#you", `You are ${name(carolSeat.seatId)}.`),
      expectText(daveSeat.game, "#you", `You are ${name(daveSeat.seatId)}.`),
    ]);
  }, 180_000);

  it("never seats a quick-play visitor in a private room", async () => {
    const erin = await newPlayer("quick-erin");
    await erin.goto(privateUrl);
    await erin.waitForURL(`${platform.url}/auth/login?**`);
    await signUpByPhone(erin);
    await erin.waitForSelector('#seats li[data-seat-id="p1"][data-state="free"]');
    const privateRoom = new URL(erin.url()).searchParams.get("room");
    await erin.getByRole("button", { name: "Take seat: Player 1" }).click();
    await gameFrame(erin);

    const frank = await newPlayer("quick-frank");
    const frankSeat = await openPlayUrl(frank);
    expect(frankSeat.roomId).not.toBe(privateRoom);
    expect(frankSeat.seatId).toBe("p1");
  }, 180_000);

  it("shows the quick-play page within the screen at 360 and 1280 px while it finds a seat", async () => {
    for (const width of [360, 1280]) {
      const page = await newPlayer(`quick-page-${width}`, { width, height: 740 });
      // Held: the page stays on its search for a seat.
      await page.route(`**/lobby/${revisionId}/quick-play`, () => undefined);
      await page.goto(playUrl);
      await page.waitForURL(`${platform.url}/auth/login?**`);
      await signUpByPhone(page);
      await expectText(page, "#status", "Finding you a seat…");
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(scroll).toBeLessThanOrEqual(inner as number);
      expect(await page.getByRole("link", { name: "Private room" }).getAttribute("href")).toBe(privateUrl);
      await page.screenshot({
        path: path.join(projectRoot, "test-results", `quick-play-${width}.png`),
        fullPage: true,
      });
    }
  }, 120_000);
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's color-contrast failures on the page as it is now (the package, injected; nothing downloaded). */
async function contrastFailures(page: Page): Promise<string[]> {
  // Evaluated through the driver: the page's CSP runs only its own scripts.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    const results = (await axe.run(document, { runOnly: ["color-contrast"] })) as {
      violations: { nodes: { target: string[]; failureSummary?: string }[] }[];
    };
    return results.violations.flatMap((v) => v.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary}`));
  });
}

describe("a room's lobby at 360 and 1280 px", () => {
  it("keeps its right margin, its Take seat buttons at 4.5:1 contrast, and a status line that moves nothing", async () => {
    for (const width of [360, 1280]) {
      const page = await newPlayer(`lobby-${width}`, { width, height: 740 });
      await page.goto(privateUrl);
      await page.waitForURL(`${platform.url}/auth/login?**`);
      await signUpByPhone(page);
      await page.waitForSelector('#seats li[data-seat-id="p2"][data-state="free"]');
      await expectText(page, "#status", "");
      expect(await contrastFailures(page)).toEqual([]);
      const margins = await page.evaluate(() => {
        const right = Math.max(
          ...Array.from(document.querySelectorAll("main *")).map((e) => e.getBoundingClientRect().right),
        );
        return { right, width: window.innerWidth, scroll: document.documentElement.scrollWidth };
      });
      expect(margins.scroll).toBeLessThanOrEqual(margins.width);
      // The body's 1rem padding stays free on the right.
      expect(margins.right).toBeLessThanOrEqual(margins.width - 16);
      // A message in the status line (the copy button's) leaves the room where it was.
      const before = await page.locator("#room-heading").boundingBox();
      await page.getByRole("button", { name: "Copy", exact: true }).click();
      await page.waitForFunction(() => (document.getElementById("status")?.textContent ?? "") !== "");
      expect(await page.locator("#room-heading").boundingBox()).toEqual(before);
      await page.screenshot({ path: path.join(projectRoot, "test-results", `lobby-${width}.png`), fullPage: true });
    }
  }, 180_000);
});
