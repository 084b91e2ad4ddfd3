import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initScenario } from "../../tools/cli/init-scenario.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { launchChromium, newPerson, screenshotOnFailure } from "./support/browser.ts";
import { gameFrame, seatOf } from "./support/game-frame.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { type CliTarget, authorWithToken as newAuthor, scenario as runScenario } from "./support/publish-cli.ts";
import { expectText, playXWins } from "./support/tic-tac-toe.ts";

// Port 8830 belongs to this test.
const PORT = testPort(8830);

let platform: RunningWorker;
let browser: Browser;
let configDir: string;
let auth: string;

const cli = (): CliTarget => ({ platformUrl: platform.url, configDir });
const scenario = (args: string[], env: Record<string, string> = {}) => runScenario(cli(), args, env);
const authorWithToken = () => newAuthor(platform.url);

beforeAll(async () => {
  await waitForFreePort(PORT);
  // Seat tickets required, as in stg and prd: the lobby hands them to signed-in users.
  platform = await startPlatform(PORT, { vars: { ROOM_TICKETS: "required" } });
  auth = `${platform.url}/auth`;
  configDir = mkdtempSync(path.join(tmpdir(), "scenario-config-"));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const newPlayer = (name: string, viewport?: { width: number; height: number }) => newPerson(browser, name, viewport);

/**
 * On a lobby that sent the browser to the sign-in service: a new account by phone (the dev IdP's
 * fixed code, the lobby client's documents), then back on the lobby with its seats read.
 */
async function signUpInLobby(page: Page): Promise<void> {
  await page.waitForURL(`${auth}/login?**`);
  expect(new URL(page.url()).searchParams.get("client_id")).toBe("play");
  await signUpByPhone(page);
  await page.waitForURL(`${platform.url}/rooms/lobby/**`);
  await page.waitForSelector('#seats li:not([data-state="unknown"])');
  expect(page.url()).not.toContain("idpAuthCustomToken");
}

/** Each seat's state as the lobby shows it: free, taken or yours. */
function seatStates(page: Page): Promise<Record<string, string>> {
  return page.$$eval("#seats li", (items) =>
    Object.fromEntries(items.map((item) => [item.getAttribute("data-seat-id"), item.getAttribute("data-state")])),
  );
}

describe("scenario publish against the local platform", () => {
  it("publishes examples/tic-tac-toe; two signed-in users take seats in a private room's lobby and play it in a sandbox", async () => {
    const { token } = await authorWithToken();
    const published = await scenario(["publish", "examples/tic-tac-toe"], { SCENARIO_PUBLISH_TOKEN: token });
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toContain("uploading client.zip 100%");
    expect(published.stderr).not.toContain("0.00 of 0.00");
    const revisionId = /revisionId: (\S+)/.exec(published.stdout)?.[1] as string;
    const playUrl = /play: (\S+)/.exec(published.stdout)?.[1] as string;
    expect(revisionId).toMatch(/^tic-tac-toe-[0-9a-f]{16}$/);
    expect(playUrl).toBe(`${platform.url}/rooms/play/${revisionId}/`);
    // The play URL is the one to share (quick play, test/e2e/quick-play.test.ts); a private room has its own.
    const privateUrl = /private room: (\S+)/.exec(published.stdout)?.[1] as string;
    expect(privateUrl).toBe(`${platform.url}/rooms/lobby/${revisionId}/?private=1`);
    expect(published.stderr).toContain("share the play link");
    // The platform runs as stg and prd do: a socket without a ticket is refused before the upgrade.
    const bare = await fetch(`${platform.url}/rooms/ws/games/${revisionId}/room-x?seatId=p1`);
    expect(((await bare.json()) as { error: string }).error).toBe("ticket_required");

    // Alice opens the printed private room link: the lobby makes a room, she signs up, and the lobby is back.
    const alice = await newPlayer("publish-alice");
    await alice.goto(privateUrl);
    await signUpInLobby(alice);
    const lobbyUrl = await alice.inputValue("#share");
    expect(new URL(lobbyUrl).pathname).toBe(`/rooms/lobby/${revisionId}/`);
    expect(alice.url()).toBe(lobbyUrl);
    expect(await seatStates(alice)).toEqual({ p1: "free", p2: "free" });
    // Bob gets the lobby link from her and signs up too.
    const bob = await newPlayer("publish-bob");
    await bob.goto(lobbyUrl);
    await signUpInLobby(bob);
    expect(await seatStates(bob)).toEqual({ p1: "free", p2: "free" });

    // Taking p1 shows the game on her ticket in the lobby's frame, in an opaque origin of its own;
    // the address bar keeps the room's link.
    await alice.getByRole("button", { name: "Take seat: Player 1" }).click();
    const aliceGame = await gameFrame(alice);
    expect(alice.url()).toBe(lobbyUrl);
    expect(await aliceGame.evaluate(() => origin)).toBe("null");
    expect(
      await aliceGame.evaluate(() => {
        try {
          return typeof localStorage.length;
        } catch (error) {
          return (error as Error).name;
        }
      }),
    ).toBe("SecurityError");
    await expectText(aliceGame, "#you", "You are Player 1 (X).");
    // Alone in the room, she waits: no turn timer runs against the empty seat (issue 21.3), and
    // the timer's line says so.
    await expectText(aliceGame, "#status", "Waiting for every player to join");
    expect(await aliceGame.textContent("#timer")).toBe("Turn timer: waiting for players");

    // Bob's lobby shows p1 taken as it reads the seats again. He opens p2's own link (what Alice
    // could have sent him): the SSO session signs the page in again and it takes p2 by itself.
    await bob.waitForSelector('#seats li[data-seat-id="p1"][data-state="taken"]');
    expect(await bob.locator('[data-seat-id="p1"] button:visible').count()).toBe(0);
    const p2Link = (await bob.getAttribute('[data-seat-id="p2"] button.seat-link', "data-copy")) as string;
    expect(new URL(p2Link).searchParams.get("seat")).toBe("p2");
    await bob.goto(p2Link);
    const bobGame = await gameFrame(bob);
    expect(seatOf(bobGame).seatId).toBe("p2");
    // The seat's own link leaves the address bar for the room's.
    expect(bob.url()).toBe(lobbyUrl);

    await expectText(bobGame, "#status", "Waiting for X");
    await playXWins(aliceGame, bobGame);

    // A reload of the room's link by the tab that played: its seat again, the game as it stands.
    await bob.reload();
    await expectText(await gameFrame(bob), "#status", "X wins");

    // Carol, a third user, finds both seats taken, with nothing to press but the spectator's button.
    const carol = await newPlayer("publish-carol", { width: 360, height: 740 });
    await carol.goto(lobbyUrl);
    await signUpInLobby(carol);
    expect(await seatStates(carol)).toEqual({ p1: "taken", p2: "taken" });
    expect(await carol.locator("#seats button:visible").count()).toBe(0);
    const widths = await carol.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1] as number);
    await carol.getByRole("button", { name: "Watch as spectator" }).click();
    const carolGame = await gameFrame(carol);
    await carolGame.waitForFunction(() => document.querySelector('[data-cell="2"]')?.textContent === "X");
    await expectText(carolGame, "#status", "X wins");
    await expectText(carolGame, "#you", "You are watching.");
  }, 180_000);

  it("publishes a manifest without serverActionLogicPath as a solo game that plays in solo mode", async () => {
    const dir = path.join(configDir, "solo-tic-tac-toe");
    initScenario({ dir, template: "turn-based", js: false });
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
    delete manifest.serverActionLogicPath;
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
    const { token } = await authorWithToken();
    const published = await scenario(["publish", dir], { SCENARIO_PUBLISH_TOKEN: token });
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toContain("publishing a solo scenario");
    const playUrl = /play: (\S+)/.exec(published.stdout)?.[1] as string;

    const page = await browser.newPage();
    screenshotOnFailure(page, "publish-solo");
    // No sign-in: the lobby of a solo game links straight to its (sandboxed) page.
    await page.goto(playUrl);
    expect(new URL(page.url()).pathname).toMatch(/^\/rooms\/lobby\/solo-tic-tac-toe-[0-9a-f]{16}\/$/);
    const links = await page.$$eval("a[data-seat-kind]", (anchors) =>
      anchors.map((a) => a.getAttribute("data-seat-kind")),
    );
    expect(links).toEqual(["solo"]);
    await page.click('a[data-seat-kind="solo"]');
    await page.waitForURL("**/index.html");
    expect(await page.evaluate(() => origin)).toBe("null");
    await expectText(page, "#you", "You play both marks (solo).");
    await expectText(page, "#status", "Your turn (X)");
    await page.click('[data-cell="4"]');
    await expectText(page, "#status", "Your turn (O)");
  });

  it("runs the manifest's build command and publishes its output folder; a failing build stops with exit 1", async () => {
    // `scenario init`'s TypeScript scenario: its build bundles src/client.ts into public/, the output folder.
    const dir = path.join(configDir, "built-game");
    initScenario({ dir, template: "turn-based", js: false });
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ id: "built-game", serverActionLogicPath: "src/logic.ts", output: "public" });
    const { token } = await authorWithToken();
    const published = await scenario(["publish", dir], { SCENARIO_PUBLISH_TOKEN: token });
    expect(published.code, published.stderr).toBe(0);
    expect(published.stderr).toContain("logic: src/logic.ts bundled");
    // index.html, style.css and the client.js the build wrote.
    expect(published.stderr).toContain(`client: 3 files from ${path.join(dir, "public")}`);
    const playUrl = /play: (\S+)/.exec(published.stdout)?.[1] as string;
    const lobby = await fetch(playUrl);
    expect(lobby.status).toBe(200);

    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ ...manifest, id: "built-game", build: "exit 3" }));
    const failed = await scenario(["publish", dir], { SCENARIO_PUBLISH_TOKEN: token });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('build command "exit 3" exited with 3');
  });

  it("publishes with the token saved by scenario login --token", async () => {
    const { token } = await authorWithToken();
    const login = await scenario(["login", "--token", token]);
    expect(login.code, login.stderr).toBe(0);
    const published = await scenario(["publish", "examples/coin-chase"]);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toMatch(/revisionId: coin-chase-/);
  });

  it("fails with a clear message and exit 1 for a revoked token, a missing token and an unreachable platform", async () => {
    const { token, id, idToken } = await authorWithToken();
    await fetch(`${auth}/api/publish-tokens/${id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${idToken}` },
    });
    const revoked = await scenario(["publish", "examples/tic-tac-toe"], { SCENARIO_PUBLISH_TOKEN: token });
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain("The publish token was refused");

    const missing = await scenario(["publish", "examples/tic-tac-toe"], {
      SCENARIO_CONFIG: path.join(configDir, "none.json"),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No publish token");

    const unreachable = await scenario(["publish", "examples/tic-tac-toe"], {
      SCENARIO_PUBLISH_TOKEN: token,
      SCENARIO_AUTH_URL: "http://127.0.0.1:9/auth",
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("could not reach http://127.0.0.1:9");
  });
});
