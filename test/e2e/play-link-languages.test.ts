/**
 * Issue 34, "in the five languages where it has text": the play link's pages as friends who read
 * Japanese and Traditional Chinese meet them. The lobby speaks the language the sign-in service
 * would pick (the browser's, or `ui_locales` in the link), the sign-in page it sends them to
 * speaks the same, and the way back keeps it; the full house, watching, waiting and the bar above
 * the game read in that language, at 360 and 1280 px, with nothing serious for axe and no
 * sideways scrolling.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { clientFor } from "../../src/auth/clients.ts";
import { type Language, STRINGS } from "../../src/auth/i18n.ts";
import { localized } from "../../src/i18n/locales.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { screenshotOnFailure } from "./support/browser.ts";
import { launchBrowser } from "./support/choose-browser.ts";
import { gameFrame, seatOf } from "./support/game-frame.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { startPlatform, waitForFreePort } from "./support/platform.ts";
import { authorWithToken, scenario } from "./support/publish-cli.ts";
import { expectText } from "./support/tic-tac-toe.ts";

// Port 8866 belongs to this test.
const PORT = testPort(8866);
/** Screenshots for a person to look at; never in git. */
const SHOTS = path.join(tmpdir(), "play-link-language-shots");

let platform: Awaited<ReturnType<typeof startPlatform>>;
let browser: Browser;
let configDir: string;
let token: string;

beforeAll(async () => {
  await waitForFreePort(PORT);
  // Seat tickets required, as in stg and prd.
  platform = await startPlatform(PORT, { vars: { ROOM_TICKETS: "required" } });
  configDir = mkdtempSync(path.join(tmpdir(), "play-link-languages-"));
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchWithCjkFonts(configDir);
  ({ token } = await authorWithToken(platform.url));
}, 240_000);

/** Where Debian puts the machine's fonts (fonts-wqy-zenhei among them, when installed). */
const SYSTEM_FONTS = "/usr/share/fonts";

/**
 * Chromium as the e2e project chose it, and where it brings fonts of its own (the npm package's,
 * with no Chinese or Japanese glyphs) the machine's fonts beside them: the layout checks then
 * measure the text as a reader sees it. Without system fonts, the browser as chosen.
 */
async function launchWithCjkFonts(dir: string): Promise<Browser> {
  const choice = inject("e2eBrowser");
  const own = choice.env.FONTCONFIG_FILE;
  if (!own || !existsSync(SYSTEM_FONTS)) return launchBrowser(choice);
  const fontsFile = path.join(dir, "fonts.conf");
  writeFileSync(
    fontsFile,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      `  <include>${own}</include>\n  <dir>${SYSTEM_FONTS}</dir>\n</fontconfig>\n`,
  );
  return launchBrowser({ ...choice, env: { ...choice.env, FONTCONFIG_FILE: fontsFile } });
}

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

/** The people of the test running: they leave when it ends, so the rooms they played in are over. */
let people: Page[] = [];

afterEach(async () => {
  for (const page of people) await page.context().close();
  people = [];
});

/** A person whose browser asks for `locale` (its Accept-Language and navigator.language). */
async function newReader(name: string, locale: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  screenshotOnFailure(page, name);
  people.push(page);
  return page;
}

/** examples/tic-tac-toe published anew: a revision whose rooms nobody sits in yet. Its play link. */
async function publishedPlayLink(): Promise<string> {
  const published = await scenario({ platformUrl: platform.url, configDir }, ["publish", "examples/tic-tac-toe"], {
    SCENARIO_PUBLISH_TOKEN: token,
  });
  expect(published.code, published.stderr).toBe(0);
  return /play: (\S+)/.exec(published.stdout)?.[1] as string;
}

const langOf = (page: Page) => page.locator("html").getAttribute("lang");

/**
 * Opens `url` and signs up on the sign-in page the lobby sends the person to, which must speak
 * `language` (its `lang`, its heading naming the lobby in that language); back on the lobby.
 */
async function signUpThrough(page: Page, url: string, language: Language): Promise<void> {
  await page.goto(url);
  await page.waitForURL(`${platform.url}/auth/login?**`);
  expect(await langOf(page)).toBe(language);
  const lobbyName = localized(clientFor("play").name, language);
  await page.getByRole("heading", { name: STRINGS[language].signInTo(lobbyName) }).waitFor();
  await signUpByPhone(page, language);
  await page.waitForURL(`${platform.url}/rooms/**`);
}

/** Nothing serious for axe and no sideways scrolling, at a phone's width and a desktop's; a screenshot of each. */
async function expectFinished(page: Page, shot: string): Promise<void> {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scroll, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(inner as number);
    await page.screenshot({ path: path.join(SHOTS, `${shot}-${width}.png`), fullPage: true });
  }
}

describe("the play link in Japanese, as the browser asks for it", () => {
  it("signs in in Japanese and says in Japanese who you are, that the room is full, and that you watch", async () => {
    const playUrl = await publishedPlayLink();
    const alice = await newReader("ja-alice", "ja-JP", 1280);
    await signUpThrough(alice, playUrl, "ja");
    const aliceGame = await gameFrame(alice);
    expect(await langOf(alice)).toBe("ja");
    expect(alice.url()).toBe(playUrl);
    await expectText(alice, "#game-status", "あなたはプレイヤー1です。次のプレイヤーを待っています。");
    await expectText(alice, "#back-to-lobby", "ロビーに戻る");
    expect(await alice.inputValue("#game-share-link")).toBe(playUrl);
    await expectFinished(alice, "ja-waiting");

    const bob = await newReader("ja-bob", "ja", 360);
    await signUpThrough(bob, playUrl, "ja");
    const bobGame = await gameFrame(bob);
    expect(seatOf(bobGame)).toEqual({ roomId: seatOf(aliceGame).roomId, seatId: "p2" });
    await expectText(bob, "#game-status", "あなたはプレイヤー2です。");

    // The third friend: told in Japanese that the room is full, with the choice and the link to send.
    const carol = await newReader("ja-carol", "ja-JP", 360);
    await signUpThrough(carol, playUrl, "ja");
    await expectText(carol, "#full-heading", "ルームは満員です");
    await expectText(
      carol,
      "#full-text",
      "このリンクを先に開いたプレイヤーたちが対戦中です。席は2つとも埋まっています。",
    );
    expect(await carol.inputValue("#full-share")).toBe(playUrl);
    await expectFinished(carol, "ja-full");

    // No answer to her choice (the connection drops): said in Japanese, and she may choose again.
    await carol.route("**/seats/spectator", (route) => route.abort("internetdisconnected"));
    await carol.getByRole("button", { name: "対戦を観戦する" }).click();
    await expectText(
      carol,
      "#status",
      "席を用意できませんでした。ゲームサービスに接続できません。通信環境を確認してください。ページを再読み込みして、もう一度お試しください。",
    );
    await carol.unroute("**/seats/spectator");
    await carol.getByRole("button", { name: "対戦を観戦する" }).click();
    const carolGame = await gameFrame(carol);
    expect(seatOf(carolGame)).toEqual({ roomId: seatOf(aliceGame).roomId, seatId: "spectator" });
    await expectText(carol, "#game-status", "このゲームを観戦しています。");
    await expectFinished(carol, "ja-watching");

    await carol.getByRole("button", { name: "ロビーに戻る" }).click();
    await expectText(carol, "#status", "ゲームから退出しました。");
    await carol.getByRole("button", { name: "プレイ" }).waitFor();
    expect(carol.url()).toBe(playUrl);
    await expectFinished(carol, "ja-left");
  }, 300_000);

  it("shows a private room's seats in Japanese: the room's name, the seats, taking one", async () => {
    const playUrl = await publishedPlayLink();
    const dave = await newReader("ja-dave", "ja-JP", 360);
    await signUpThrough(dave, playUrl.replace("/play/", "/lobby/").concat("?private=1"), "ja");
    await dave.waitForSelector('#seats li[data-seat-id="p1"][data-state="free"]');
    expect(await langOf(dave)).toBe("ja");
    expect(await dave.textContent("#room-heading")).toMatch(/^ルーム「[^A-Za-z]+の[^A-Za-z]+」$/);
    expect(await dave.textContent('#seats li[data-seat-id="p1"] .seat-state')).toBe("空き");
    await expectFinished(dave, "ja-seats");
    await dave.getByRole("button", { name: "席に着く（プレイヤー1）" }).click();
    await gameFrame(dave);
    await expectText(dave, "#game-status", "あなたはプレイヤー1です。次のプレイヤーを待っています。");
    await expectFinished(dave, "ja-seat-taken");
  }, 180_000);
});

describe("the play link in Traditional Chinese, as the link asks for it", () => {
  it("keeps zh-TW through the sign-in and back; the third friend waits for the next player in zh-TW", async () => {
    const playUrl = await publishedPlayLink();
    const asked = `${playUrl}?ui_locales=zh-TW`;
    // An English browser: the link's ui_locales is what makes the pages Chinese.
    const erin = await newReader("zh-erin", "en-US", 1280);
    await signUpThrough(erin, asked, "zh-TW");
    const erinGame = await gameFrame(erin);
    expect(await langOf(erin)).toBe("zh-TW");
    // The address keeps the language asked for; the link to send is the play link itself.
    expect(erin.url()).toBe(asked);
    expect(await erin.inputValue("#game-share-link")).toBe(playUrl);
    await expectText(erin, "#game-status", "你是玩家 1。正在等待下一位玩家。");

    const frank = await newReader("zh-frank", "zh-TW", 360);
    await signUpThrough(frank, playUrl, "zh-TW");
    expect(seatOf(await gameFrame(frank))).toEqual({ roomId: seatOf(erinGame).roomId, seatId: "p2" });
    await expectText(frank, "#game-status", "你是玩家 2。");
    await expectText(erin, "#game-status", "你是玩家 1。");
    await expectFinished(frank, "zh-TW-playing");

    const grace = await newReader("zh-grace", "en-US", 360);
    await signUpThrough(grace, asked, "zh-TW");
    await expectText(grace, "#full-heading", "房間已滿");
    await expectText(grace, "#full-text", "比你先開啟這個連結的玩家正在對戰：兩個座位都已坐滿。");
    await expectFinished(grace, "zh-TW-full");

    await grace.getByRole("button", { name: "等待下一位玩家" }).click();
    const graceGame = await gameFrame(grace);
    expect(seatOf(graceGame).roomId).not.toBe(seatOf(erinGame).roomId);
    await expectText(grace, "#game-status", "你是玩家 1。正在等待下一位玩家。");
    await expectText(grace, 'label[for="game-share-link"]', "把這個連結傳給下一位玩家：");
    expect(await grace.inputValue("#game-share-link")).toBe(playUrl);
    expect(grace.url()).toBe(asked);
    await expectFinished(grace, "zh-TW-waiting");

    // A reload keeps the language: the address carries it, and the sign-in answers at once.
    await grace.reload();
    await gameFrame(grace);
    expect(await langOf(grace)).toBe("zh-TW");
    await expectText(grace, "#game-status", "你是玩家 1。正在等待下一位玩家。");
  }, 300_000);
});
