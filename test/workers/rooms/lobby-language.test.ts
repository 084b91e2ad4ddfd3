import { beforeAll, describe, expect, it } from "vitest";
import counterSource from "../../fixtures/counter.logic.js?raw";
import { newUser } from "../auth-support";
import { publishRevision } from "../backend/publish-support";
import { bareEnv, FILES, fetchIn, fetchRequired } from "./lobby-support";
import { ROOMS } from "./support";

/** The config a lobby page hands its script (quick play's or a room's), as the page holds it. */
interface PageConfig {
  loginUrl: string;
  playUrl?: string;
  shareUrl?: string;
  address: string;
  strings: { finding: string; takeSeat: string; youAre: string; refusals: { seat_taken: string } };
}

function configOf(html: string): PageConfig {
  const json = /id="(?:quick-play|lobby)-config">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? "null") as PageConfig;
}

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const textOf = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.replace(/&amp;/g, "&");

/** A lobby page: its answer, its HTML and its script's config. */
async function lobbyPage(url: string, headers: Record<string, string> = {}) {
  const res = await fetchRequired(url, { headers });
  expect(res.status).toBe(200);
  const html = await res.text();
  return { html, config: configOf(html) };
}

describe("the play link's pages speak the reader's language, as the sign-in service picks it", () => {
  let revisionId: string;
  let quickUrl: string;
  let playUrl: string;

  beforeAll(async () => {
    const author = await newUser();
    revisionId = await publishRevision(author.idToken, { files: FILES, logic: counterSource, name: "Counter" });
    quickUrl = `${ROOMS}/lobby/${revisionId}/`;
    playUrl = `${ROOMS}/play/${revisionId}/`;
  });

  it("follows Accept-Language, and asks the sign-in for the same language, coming back to the plain lobby", async () => {
    const { html, config } = await lobbyPage(quickUrl, { "accept-language": "ja-JP,ja;q=0.9,en;q=0.8" });
    expect(langOf(html)).toBe("ja");
    expect(html).toContain("<title>Counter · ゲームロビー</title>");
    expect(textOf(html, "full-heading")).toBe("ルームは満員です");
    expect(textOf(html, "status")).toBe("ログインしています…");
    expect(textOf(html, "back-to-lobby")).toBe("ロビーに戻る");
    expect(html).toContain(">プライベートルーム</a>");
    expect(html).not.toContain("The room is full");
    // What the script shows comes in the page's config, in the page's language.
    expect(config.strings.finding).toBe("席を探しています…");
    expect(config.strings.refusals.seat_taken).toMatch(/^その席には/);
    const login = new URL(config.loginUrl);
    expect(login.searchParams.get("ui_locales")).toBe("ja");
    // The header will say the same after the sign-in: the way back and the address stay the play link's own.
    expect(login.searchParams.get("redirect_uri")).toBe(quickUrl);
    expect(config.address).toBe(playUrl);
    expect(config.playUrl).toBe(playUrl);

    // The sign-in page the lobby sends the reader to is in that language.
    const signIn = await fetchRequired(config.loginUrl);
    expect(signIn.status).toBe(200);
    const signInHtml = await signIn.text();
    expect(langOf(signInHtml)).toBe("ja");
    expect(signInHtml).toContain("ゲームロビーにログイン");
  });

  it("lets ui_locales in the link win over the header, and keeps it through the sign-in, never in the link to share", async () => {
    // The play link as `scenario publish` prints it, with a language asked for: the lobby keeps the query.
    const moved = await fetchRequired(`${playUrl}?ui_locales=zh-TW`);
    expect(moved.status).toBe(302);
    const lobby = moved.headers.get("location") as string;
    expect(lobby).toBe(`${quickUrl}?ui_locales=zh-TW`);

    const { html, config } = await lobbyPage(lobby, { "accept-language": "ja" });
    expect(langOf(html)).toBe("zh-TW");
    expect(textOf(html, "full-heading")).toBe("房間已滿");
    expect(textOf(html, "watch")).toBe("觀戰他們的對局");
    expect(config.strings.finding).toBe("正在為你尋找座位…");
    const login = new URL(config.loginUrl);
    expect(login.searchParams.get("ui_locales")).toBe("zh-TW");
    expect(login.searchParams.get("redirect_uri")).toBe(`${quickUrl}?ui_locales=zh-TW`);
    expect(config.address).toBe(`${playUrl}?ui_locales=zh-TW`);
    // The link a friend is sent: the play link itself, in which each reader meets their own language.
    expect(config.playUrl).toBe(playUrl);
    expect(html).toContain(`id="full-share" readonly="" value="${playUrl}"`);
    // A new private room keeps the language asked for.
    expect(html).toContain(`href="${quickUrl}?private=1&amp;ui_locales=zh-TW"`);
    const privateRoom = await fetchRequired(`${quickUrl}?private=1&ui_locales=zh-TW`);
    expect(new URL(privateRoom.headers.get("location") as string).searchParams.get("ui_locales")).toBe("zh-TW");

    const signIn = await (await fetchRequired(config.loginUrl, { headers: { "accept-language": "ja" } })).text();
    expect(langOf(signIn)).toBe("zh-TW");
    expect(signIn).toContain("登入遊戲大廳");
  });

  it("falls back to English for a language it does not speak, or none", async () => {
    for (const headers of [{}, { "accept-language": "fr-FR, de;q=0.8" }] as Record<string, string>[]) {
      const { html, config } = await lobbyPage(`${quickUrl}?ui_locales=fr`, headers);
      expect(langOf(html)).toBe("en");
      expect(textOf(html, "full-heading")).toBe("The room is full");
      expect(config.strings.finding).toBe("Finding you a seat…");
      const login = new URL(config.loginUrl);
      expect(login.searchParams.get("ui_locales")).toBe("en");
      // `fr` was asked for, but it is none of ours: nothing is carried onward.
      expect(login.searchParams.get("redirect_uri")).toBe(quickUrl);
      expect(config.address).toBe(playUrl);
    }
  });

  it("names a room's seats and the room itself in the reader's language; the links to send carry no language", async () => {
    const made = await fetchRequired(`${quickUrl}?private=1&ui_locales=ko`);
    const lobbyUrl = made.headers.get("location") as string;
    const { html, config } = await lobbyPage(lobbyUrl);
    expect(langOf(html)).toBe("ko");
    // Two Korean words and 방 ("room"), never the English name or the room's id.
    expect(textOf(html, "room-heading")).toMatch(/^\S+ \S+ 방$/);
    expect(textOf(html, "room-heading")).not.toMatch(/[A-Za-z]/);
    expect([...html.matchAll(/class="seat-name">([^<]+)</g)].map((m) => m[1])).toEqual(["플레이어 1", "플레이어 2"]);
    expect(html).toContain('aria-label="플레이어 1 자리의 링크 복사"');
    expect(config.strings.takeSeat).toBe("자리에 앉기");
    expect(config.strings.youAre).toBe("내 자리: {seat}");
    const room = new URL(lobbyUrl);
    room.searchParams.delete("ui_locales");
    expect(config.shareUrl).toBe(room.href);
    expect(html).toContain(`id="share" readonly="" value="${room.href.replace(/&/g, "&amp;")}"`);
    for (const [, link] of html.matchAll(/data-copy="([^"]+)"/g)) {
      expect(new URL((link as string).replace(/&amp;/g, "&")).searchParams.has("ui_locales")).toBe(false);
    }
    expect(config.address).toBe(`${room.href}&ui_locales=ko`);
    expect(
      new URL(new URL(config.loginUrl).searchParams.get("redirect_uri") as string).searchParams.get("ui_locales"),
    ).toBe("ko");
    // The same room reads in Chinese to a reader whose browser says zh-CN.
    const zh = await lobbyPage(room.href, { "accept-language": "zh-CN,zh;q=0.9" });
    expect(textOf(zh.html, "room-heading")).toMatch(/^房间“\S+”$/);
    expect(zh.html).toContain('class="seat-name">玩家 1<');
  });

  it("speaks the reader's language on the pages without sign-in too: a bare dev setup's links and a solo game", async () => {
    const links = await fetchIn(bareEnv, `${quickUrl}?room=room-1a2b3c4d`, { headers: { "accept-language": "ja" } });
    const linksHtml = await links.text();
    expect(langOf(linksHtml)).toBe("ja");
    expect(linksHtml).toMatch(/ルーム「<strong>[^<A-Za-z]+の[^<A-Za-z]+<\/strong>」/);
    expect(linksHtml).toContain('data-seat-kind="spectator" target="_blank" rel="noopener">観戦者</a>');
    expect(linksHtml).toContain(">別のルームを作る</a>");

    const author = await newUser();
    const solo = await publishRevision(author.idToken, { files: FILES, logic: null, name: "Puzzle" });
    const soloHtml = await (
      await fetchRequired(`${ROOMS}/lobby/${solo}/?ui_locales=zh-CN`, { headers: { "accept-language": "en" } })
    ).text();
    expect(langOf(soloHtml)).toBe("zh-CN");
    expect(soloHtml).toContain("这是单人游戏");
    expect(soloHtml).toContain('data-seat-kind="solo">开始游戏</a>');
  });
});
