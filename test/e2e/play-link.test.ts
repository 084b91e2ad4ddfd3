/**
 * Issue 34, items 1 and 5: the play link as friends use it. The address bar keeps the play link
 * (the game shows in a frame of the lobby, its ticket in the frame's URL only), so a copied address
 * seats nobody; a third friend is told the room is full and may watch or wait for the next player;
 * the game's end offers a rematch and the way back to the lobby; players show by name, and a
 * spectator reads that they are watching, with no Pause or Resume.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, newPerson } from "./support/browser.ts";
import { gameFrame, seatOf } from "./support/game-frame.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { startPlatform, waitForFreePort } from "./support/platform.ts";
import { authorWithToken, scenario } from "./support/publish-cli.ts";
import { expectText, move, playXWins } from "./support/tic-tac-toe.ts";

// Port 8852 belongs to this test.
const PORT = testPort(8852);
/** Screenshots for a person to look at; never in git. */
const SHOTS = path.join(tmpdir(), "play-link-shots");

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let configDir: string;
let token: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  // Seat tickets required, as in stg and prd.
  platform = await startPlatform(PORT, { vars: { ROOM_TICKETS: "required" } });
  configDir = mkdtempSync(path.join(tmpdir(), "play-link-"));
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchChromium();
  ({ token } = await authorWithToken(platform.url));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** examples/tic-tac-toe published anew: a revision whose rooms nobody sits in yet. Its play link. */
async function publishedPlayLink(): Promise<string> {
  const published = await scenario({ platformUrl: platform.url, configDir }, ["publish", "examples/tic-tac-toe"], {
    SCENARIO_PUBLISH_TOKEN: token,
  });
  expect(published.code, published.stderr).toBe(0);
  return /play: (\S+)/.exec(published.stdout)?.[1] as string;
}

/** A new person opens the link, signs up on the way, and is back on the lobby's page. */
async function openAsNewPerson(name: string, url: string, width = 1280): Promise<Page> {
  const page = await newPerson(browser, name, { width, height: 800 });
  await page.goto(url);
  await page.waitForURL(`${platform.url}/auth/login?**`);
  await signUpByPhone(page);
  await page.waitForURL(`${platform.url}/rooms/**`);
  return page;
}

async function expectAccessible(page: Page, widths: number[] = [360, 1280]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(inner as number);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Whether the element is shown (present, and neither it nor an ancestor hidden). */
const shown = (frame: Frame, selector: string) => frame.locator(selector).isVisible();

describe("the play link keeps a seat ticket out of the address bar", () => {
  it("shows the play link itself while the game plays; a copied address bar seats nobody; a reload seats its person again", async () => {
    const playUrl = await publishedPlayLink();
    const alice = await openAsNewPerson("play-link-alice", playUrl);
    const aliceGame = await gameFrame(alice);
    expect(alice.url()).toBe(playUrl);
    expect(alice.url()).not.toMatch(/ticket=|key=/);
    // The ticket reached the game in its frame's fragment, which the SDK took out at once.
    expect(new URL(aliceGame.url()).hash).toBe("");
    expect(new URL(aliceGame.url()).searchParams.get("ticket")).toBeNull();
    expect(seatOf(aliceGame).seatId).toBe("p1");
    await expectText(aliceGame, "#you", "You are Player 1 (X).");
    await expectText(alice, "#game-status", "You are Player 1. Waiting for the next player.");
    expect(await alice.inputValue("#game-share-link")).toBe(playUrl);

    // What people copy: the address bar. Opened in another browser it asks for a sign-in first, and
    // no socket to any room opens before it; signed in, the person gets a seat of their own.
    const bob = await newPerson(browser, "play-link-bob", { width: 360, height: 740 });
    const sockets: string[] = [];
    bob.on("websocket", (socket) => sockets.push(socket.url()));
    await bob.goto(alice.url());
    await bob.waitForURL(`${platform.url}/auth/login?**`);
    expect(sockets).toEqual([]);
    await signUpByPhone(bob);
    const bobGame = await gameFrame(bob);
    expect(seatOf(bobGame)).toEqual({ roomId: seatOf(aliceGame).roomId, seatId: "p2" });
    await expectText(bobGame, "#you", "You are Player 2 (O).");
    // Names, not seat ids, in the game's list of who is here.
    await aliceGame.waitForFunction(
      () => document.querySelector("#presence")?.textContent === "Player 1 (you): onlinePlayer 2: online",
    );
    await expectText(alice, "#game-status", "You are Player 1.");
    expect(await shown(alice.mainFrame(), "#game-share")).toBe(false);
    await move(aliceGame, bobGame, 4, "X");
    await expectAccessible(bob);
    await bob.setViewportSize({ width: 360, height: 740 });
    await shoot(bob, "playing-360");

    // The game page reloaded in its frame (its fragment, and the ticket, gone): the lobby gives it one.
    await aliceGame.evaluate(() => {
      (window as { beforeReload?: boolean }).beforeReload = true;
      location.reload();
    });
    await aliceGame.waitForFunction(
      () =>
        !(window as { beforeReload?: boolean }).beforeReload &&
        document.querySelector("#status")?.textContent === "Waiting for O",
      null,
      { timeout: 20_000 },
    );

    // A reload by the same person: through the sign-in (the SSO session answers) to the same seat.
    await alice.reload();
    const again = await gameFrame(alice);
    expect(alice.url()).toBe(playUrl);
    expect(seatOf(again).seatId).toBe("p1");
    await expectText(again, "#status", "Waiting for O");
    expect(await again.textContent('[data-cell="4"]')).toBe("X");
  }, 240_000);
});

describe("a third friend on the play link", () => {
  it("is told the room is full and may watch it (no pause for a spectator), while the players' game ends in a rematch", async () => {
    const playUrl = await publishedPlayLink();
    const alice = await openAsNewPerson("third-alice", playUrl);
    const bob = await openAsNewPerson("third-bob", playUrl);
    const [aliceGame, bobGame] = [await gameFrame(alice), await gameFrame(bob)];
    await expectText(aliceGame, "#status", "Your turn (X)");

    const carol = await openAsNewPerson("third-carol", playUrl, 360);
    await expectText(carol, "#full-heading", "The room is full");
    await expectText(
      carol,
      "#full-text",
      "The players who opened this link before you are playing: both seats are taken.",
    );
    expect(await carol.inputValue("#full-share")).toBe(playUrl);
    expect(carol.url()).toBe(playUrl.replace("/play/", "/lobby/"));
    expect(await carol.locator("#game-frame").getAttribute("src")).toBeNull();
    await expectAccessible(carol);
    await carol.setViewportSize({ width: 360, height: 740 });
    await shoot(carol, "full-360");

    await carol.getByRole("button", { name: "Watch their game" }).click();
    const carolGame = await gameFrame(carol);
    expect(carol.url()).toBe(playUrl);
    expect(seatOf(carolGame)).toEqual({ roomId: seatOf(aliceGame).roomId, seatId: "spectator" });
    await expectText(carol, "#game-status", "You are watching this game.");
    await expectText(carolGame, "#you", "You are watching.");
    expect(await shown(carolGame, "#pause")).toBe(false);
    expect(await shown(carolGame, "#resume")).toBe(false);
    expect(await shown(aliceGame, "#pause")).toBe(true);
    await expectAccessible(carol);
    await shoot(carol, "watching-1280");

    await playXWins(aliceGame, bobGame);
    await expectText(carolGame, "#status", "X wins");
    // The game's end: the next game and the way back for the players; the way back for the spectator.
    for (const game of [aliceGame, bobGame]) {
      expect(await shown(game, "#rematch")).toBe(true);
      expect(await shown(game, "#lobby")).toBe(true);
    }
    expect(await shown(carolGame, "#rematch")).toBe(false);
    expect(await shown(carolGame, "#lobby")).toBe(true);
    await shoot(alice, "game-over-1280");

    // The spectator goes back to the lobby from the game's own button: the game closes, the lobby says so.
    await carolGame.getByRole("button", { name: "Back to the lobby" }).click();
    await expectText(carol, "#status", "You left the game.");
    expect(await carol.locator("#game-frame").getAttribute("src")).toBe("about:blank");
    expect(await shown(carol.mainFrame(), "#play-again")).toBe(true);
    expect(carol.url()).toBe(playUrl);
    await carol.setViewportSize({ width: 360, height: 740 });
    await shoot(carol, "left-360");

    // A rematch: a fresh board, the marks change seats, so Bob opens.
    await aliceGame.getByRole("button", { name: "Rematch" }).click();
    await expectText(bobGame, "#you", "You are Player 2 (X).");
    await expectText(bobGame, "#status", "Your turn (X)");
    await expectText(aliceGame, "#status", "Waiting for X");
    expect(await shown(aliceGame, "#game-over")).toBe(false);
    await move(bobGame, aliceGame, 0, "X");

    // Bob leaves by the bar's button and comes back with Play: his seat, the game as it stands.
    await bob.getByRole("button", { name: "Back to the lobby" }).click();
    await expectText(bob, "#status", "You left the game.");
    await bob.getByRole("button", { name: "Play" }).click();
    const bobAgain = await gameFrame(bob);
    expect(seatOf(bobAgain)).toEqual(seatOf(bobGame));
    await expectText(bobAgain, "#status", "Waiting for O");
  }, 300_000);

  it("may wait for the next player instead: a new room, the link to send, and the next visitor sits down there", async () => {
    const playUrl = await publishedPlayLink();
    const alice = await openAsNewPerson("wait-alice", playUrl);
    await gameFrame(alice);
    const bob = await openAsNewPerson("wait-bob", playUrl);
    const firstRoom = seatOf(await gameFrame(bob)).roomId;

    const dave = await openAsNewPerson("wait-dave", playUrl, 360);
    await dave.getByRole("button", { name: "Wait for the next player" }).click();
    const daveGame = await gameFrame(dave);
    const daveSeat = seatOf(daveGame);
    expect(daveSeat.roomId).not.toBe(firstRoom);
    expect(daveSeat.seatId).toBe("p1");
    await expectText(dave, "#game-status", "You are Player 1. Waiting for the next player.");
    expect(await dave.inputValue("#game-share-link")).toBe(playUrl);
    await expectText(daveGame, "#status", "Waiting for every player to join");
    await expectAccessible(dave);
    await dave.setViewportSize({ width: 360, height: 740 });
    await shoot(dave, "waiting-360");

    const erin = await openAsNewPerson("wait-erin", playUrl);
    const erinGame = await gameFrame(erin);
    expect(seatOf(erinGame)).toEqual({ roomId: daveSeat.roomId, seatId: "p2" });
    await expectText(dave, "#game-status", "You are Player 1.");
    await expectText(daveGame, "#status", "Your turn (X)");
  }, 300_000);
});
