/**
 * The production rehearsal: what users get, run end to end. The prd build (platform/production.ts,
 * minified, prd vars, seat tickets required, no stand-in inside) under `wrangler dev --env prd`
 * over HTTPS on loopback, its public hosts (auth.example.com, store.example.com, api.example.com,
 * rooms.example.com) mapped to it in Chromium and for the CLI, and only its providers replaced by
 * the stand-ins of the dev build in a separate process (support/rehearsal.ts). A person signs in,
 * buys coins, publishes a game and plays it; an operator orders the store; every page passes axe;
 * nothing of dev answers.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page, Response, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../src/config/rate-limits.ts";
import { projectRoot, wranglerBin, wranglerEnv } from "../../tools/local-platform/wrangler-env.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { gameFrame, seatOf } from "./support/game-frame.ts";
import { routeGoogleRecaptcha } from "./support/google-recaptcha-route.ts";
import { hostedFetch } from "./support/hosted-network.ts";
import { signUpByPhone } from "./support/login-page.ts";
import { scenario } from "./support/publish-cli.ts";
import {
  type Rehearsal,
  STAGING_PORTS,
  type Staging,
  standInCall,
  standInIdToken,
  standInIdTokenSignedInAt,
  standInNewAccount,
  startRehearsal,
  startStagingBeside,
} from "./support/rehearsal.ts";
import { expectText, playXWins } from "./support/tic-tac-toe.ts";

const run = promisify(execFile);
/** One year, subdomains included: every host of prd is HTTPS only. */
const HSTS = "max-age=31536000; includeSubDomains";
let rehearsal: Rehearsal;
let browser: Browser;
let urls: Rehearsal["prd"]["urls"];
const people: BrowserContext[] = [];

beforeAll(async () => {
  configDir = mkdtempSync(path.join(tmpdir(), "rehearsal-cli-"));
  rehearsal = await startRehearsal();
  urls = rehearsal.prd.urls;
  browser = await launchChromium(rehearsal.browserArgs);
}, 240_000);

afterAll(async () => {
  for (const person of people) await person.close().catch(() => undefined);
  await browser?.close();
  await rehearsal?.stop();
  rmSync(configDir, { recursive: true, force: true });
});

/**
 * A person with a browser of their own on prd's hosts. Every answer of the environment's hosts is
 * watched: one that fails (4xx/5xx, or blocked) fails the test at `expectNoFailures`, so a page
 * that loads without its script or styles (the 500 of the login assets) cannot pass.
 */
async function newPerson(
  name: string,
  viewport = { width: 1280, height: 800 },
  /** An answer this person's pages are meant to get (a documents prompt the page then shows). */
  meant: (url: URL, status: number) => boolean = () => false,
) {
  const context = await browser.newContext({ viewport, ignoreHTTPSErrors: true });
  context.setDefaultTimeout(30_000);
  people.push(context);
  await routeGoogleRecaptcha(context, `${rehearsal.standIn.url}/idp`);
  const failures: string[] = [];
  const watch = (response: Response) => {
    const url = new URL(response.url());
    const failed = response.status() >= 400 && !expectedFailure(url) && !meant(url, response.status());
    if (rehearsal.hosts.includes(url.hostname) && failed) {
      failures.push(`${response.status()} ${response.request().method()} ${url.href}`);
    }
  };
  context.on("response", watch);
  context.on("requestfailed", (request) => {
    const error = request.failure()?.errorText ?? "";
    // A request still in flight when its page navigates away (the auth log's beacon) ends aborted.
    if (error !== "net::ERR_ABORTED") failures.push(`failed ${request.method()} ${request.url()}: ${error}`);
  });
  const page = await context.newPage();
  screenshotOnFailure(page, `rehearsal-${name}`);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  return {
    page,
    context,
    /** No answer of prd failed, and no page logged a Content-Security-Policy refusal. */
    expectNoFailures() {
      expect(failures).toEqual([]);
      expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
    },
  };
}

/** Answers a page asks for that are meant to fail (the store's signed-out `me`). */
function expectedFailure(url: URL): boolean {
  return url.pathname === "/api/me" && url.hostname.startsWith("store.");
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

/** Every file the pages of an app load, from public/ as `npm run build:browser` wrote it. */
function publicFiles(folder: string): string[] {
  const root = path.join(projectRoot, "public", folder);
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|css|svg)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

/** Every static asset and public page of every app of an environment. */
function everyAssetAndPage(base: Rehearsal["prd"]["urls"]): string[] {
  return [
    ...publicFiles("auth").map((file) => `${base.auth}/assets/${file}`),
    ...publicFiles("backend").map((file) => `${base.api}/assets/${file}`),
    ...publicFiles("rooms").map((file) => `${base.rooms}/assets/${file}`),
    ...publicFiles("store").map((file) => `${base.store}/${file}`),
    ...["style.css", "favicon.svg"].flatMap((file) =>
      [base.auth, base.api, base.rooms].map((app) => `${app}/assets/${file}`),
    ),
    `${base.store}/favicon.svg`,
    `${base.store}/`,
    `${base.auth}/login?${new URLSearchParams({ redirect_uri: `${base.store}/`, client_id: "store" })}`,
    `${base.auth}/legal/app_terms/latest`,
    `${base.auth}/legal/privacy/latest`,
    `${base.auth}/publish-tokens`,
    `${base.api}/admin/product-order`,
    ...[base.auth, base.store, base.api, base.rooms].map((app) => `${app}/health`),
  ];
}

/** Each URL's status and HSTS header, as a line. */
async function statusAndHsts(wanted: string[], port: number): Promise<string[]> {
  return Promise.all(
    wanted.map(async (url) => {
      const answer = await hostedFetch(url, port);
      return `${answer.status} ${answer.headers["strict-transport-security"] ?? "(no HSTS)"} ${url}`;
    }),
  );
}

describe("the prd build serves what its pages need", () => {
  it("answers 200 with HSTS for every static asset and page of every app", async () => {
    const wanted = everyAssetAndPage(urls);
    expect(wanted.length).toBeGreaterThan(20);
    expect(await statusAndHsts(wanted, rehearsal.prd.port)).toEqual(wanted.map((url) => `200 ${HSTS} ${url}`));
  });
});

describe("a player on the prd build", () => {
  it("signs up by phone past the reCAPTCHA with consent, buys coins through checkout, and the webhook credits them", async () => {
    const { page, expectNoFailures } = await newPerson("buyer");
    await page.goto(`${urls.store}/`);
    await page.waitForURL(`${urls.auth}/login?**`);
    await page.waitForSelector("#phone-form");
    await expectAccessible(page);
    expect(await page.getByText("Dev accounts").count()).toBe(0);

    await signUpByPhone(page);
    await page.waitForURL(`${urls.store}/**`);
    const product = page.locator('[data-product="web_coins_100"]');
    await expect.poll(() => product.locator(".price").textContent(), { timeout: 30_000 }).toBeTruthy();
    expect(await page.getByTestId("balance").getAttribute("data-balance")).toBe("0");
    await expectAccessible(page);

    await product.getByRole("button").click();
    await page.waitForURL(`${rehearsal.standIn.url}/payments/checkout/**`);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(`${urls.store}/result?session_id=**`);
    await expect.poll(() => page.getByTestId("balance").getAttribute("data-balance"), { timeout: 30_000 }).toBe("100");
    await expect.poll(() => page.locator(".result").getAttribute("data-phase")).toBe("credited");
    await expectAccessible(page);
    expectNoFailures();
  }, 180_000);
});

describe("an operator on the prd build", () => {
  it("signs in with email and password and reorders the store's products", async () => {
    // The account accepted no document yet: the callback answers 409 reconsent_required, once.
    const documentsAsked = (url: URL, status: number) => status === 409 && url.pathname === "/api/callback";
    const { page, expectNoFailures } = await newPerson("operator", undefined, documentsAsked);
    const orderPage = `${urls.api}/admin/product-order`;
    // The email + password form belongs to the venue admin client (document 1); the SSO session it
    // starts then opens the ordering page, whose admin client signs in without a form.
    await page.goto(`${urls.auth}/login?${new URLSearchParams({ client_id: "venue-admin", redirect_uri: orderPage })}`);
    await expectAccessible(page);
    // An operator account the provider's admin tools made: the stand-in's seeded admin (admin claim).
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password").fill("dev-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    // Made with the admin tools, the account accepted no document yet: asked once, on prd as anywhere.
    const documents = page.getByRole("dialog");
    await documents.waitFor();
    await expectAccessible(page);
    await documents.getByRole("button", { name: "Accept and continue" }).click();
    await page.waitForURL(`${urls.api}/admin/product-order**`);
    const order = () =>
      page.$$eval("#products li", (items) => items.map((item) => (item.textContent ?? "").split(":")[0]));
    await expect.poll(order, { timeout: 30_000 }).toEqual(["web_coins_100", "web_coins_550", "web_coins_1200"]);
    await expectAccessible(page);
    expect(await page.textContent("#account")).toContain("Signed in as admin@example.com.");
    await page.locator("#products li").first().focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Space");
    await expect.poll(() => page.textContent("#live")).toBe("Order saved.");
    expect(await order()).toEqual(["web_coins_550", "web_coins_100", "web_coins_1200"]);
    await page.reload();
    await expect.poll(order, { timeout: 30_000 }).toEqual(["web_coins_550", "web_coins_100", "web_coins_1200"]);
    expectNoFailures();
  }, 120_000);
});

/** The revision the author publishes to prd, which the players then play. */
let playUrl: string;
let revisionId: string;
/** The address bar of the play-link journey's first player while her game played. */
let aliceAddress: string | undefined;
let configDir: string;

/** `scenario <args>` on an author's machine whose requests reach the hosts of `nodeEnv`. */
const cli = (args: string[], nodeEnv: Record<string, string>, target: Rehearsal["prd"]["urls"]) =>
  scenario({ platformUrl: "", configDir }, args, {
    ...nodeEnv,
    SCENARIO_AUTH_URL: target.auth,
    SCENARIO_API_URL: target.api,
  });

describe("an author and two players on the prd build", () => {
  it("creates a publish token on its page and publishes a game with the CLI", async () => {
    const { page, expectNoFailures } = await newPerson("author");
    await page.goto(`${urls.auth}/publish-tokens`);
    await page.waitForURL(`${urls.auth}/login?**`);
    await signUpByPhone(page);
    await page.waitForURL(`${urls.auth}/publish-tokens**`);
    await page.waitForSelector("#create:not([hidden])");
    await expectAccessible(page);
    await page.fill("#name", "rehearsal");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect.poll(() => page.inputValue("#created-token")).toMatch(/^sgpt_/);
    const token = await page.inputValue("#created-token");
    expectNoFailures();

    const login = await cli(["login", "--token", token], rehearsal.nodeEnv, urls);
    expect(login.code, login.stderr).toBe(0);
    const published = await cli(["publish", "examples/tic-tac-toe"], rehearsal.nodeEnv, urls);
    expect(published.code, published.stderr).toBe(0);
    revisionId = /revisionId: (\S+)/.exec(published.stdout)?.[1] as string;
    playUrl = /play: (\S+)/.exec(published.stdout)?.[1] as string;
    expect(playUrl).toBe(`${urls.rooms}/play/${revisionId}/`);
  }, 180_000);

  it("seats two players who open the play link in one room, and they play a game to its end", async () => {
    expect(playUrl, "the game was published").toBeTruthy();
    const alice = await newPerson("player-alice");
    const bob = await newPerson("player-bob", { width: 360, height: 740 });
    // Alice's page waits on its search for a seat while axe reads it; then the search goes on.
    const held: Route[] = [];
    await alice.page.route(`**/lobby/${revisionId}/quick-play`, (route) => {
      held.push(route);
    });
    await alice.page.goto(playUrl);
    await alice.page.waitForURL(`${urls.auth}/login?**`);
    await signUpByPhone(alice.page);
    await expectText(alice.page, "#status", "Finding you a seat…");
    await expectAccessible(alice.page);
    await alice.page.unrouteAll({ behavior: "ignoreErrors" });
    for (const route of held) await route.fallback().catch(() => undefined);
    const aliceGame = await gameFrame(alice.page);

    await bob.page.goto(playUrl);
    await bob.page.waitForURL(`${urls.auth}/login?**`);
    await signUpByPhone(bob.page);
    const bobGame = await gameFrame(bob.page);
    await expectText(aliceGame, "#you", "You are Player 1 (X).");
    await expectText(bobGame, "#you", "You are Player 2 (O).");
    await expectAccessible(bob.page);
    await playXWins(aliceGame, bobGame);
    aliceAddress = alice.page.url();
    alice.expectNoFailures();
    bob.expectNoFailures();
  }, 240_000);

  it("answers nothing of dev: no dev room routes, no observer or inspector acts, no seat without a ticket, no stand-in", async () => {
    expect(revisionId, "the game was published").toBeTruthy();
    const room = "rehearsal-room";
    for (const url of [
      `${urls.rooms}/dev/rooms/${revisionId}/${room}/stats`,
      `${urls.rooms}/dev/rooms/${revisionId}/${room}/observe`,
      `${urls.rooms}/dev/rooms/${revisionId}/${room}/replay`,
      `${urls.auth}/idp/v1/accounts:signUp`,
      `${urls.store}/payments/checkout/x`,
      `${urls.api}/`,
    ]) {
      expect((await hostedFetch(url, rehearsal.prd.port)).status, url).toBe(404);
    }
    // The inspector's acts (edit the state, run an action as a seat, fire a deadline) are dev's too.
    for (const act of [
      { act: "edit_state", state: {} },
      { act: "run_action", seat: "p1", action: "place", payload: { cell: 0 } },
      { act: "fire_deadline", name: "turn" },
    ]) {
      const inspected = await hostedFetch(`${urls.rooms}/dev/rooms/${revisionId}/${room}/inspect`, rehearsal.prd.port, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(act),
      });
      expect(inspected.status, act.act).toBe(404);
    }
    const seat = await hostedFetch(`${urls.rooms}/ws/games/${revisionId}/${room}?seatId=p1`, rehearsal.prd.port, {
      headers: {
        upgrade: "websocket",
        connection: "Upgrade",
        "sec-websocket-version": "13",
        "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    expect(seat.status).toBe(401);
    const login = await hostedFetch(
      `${urls.auth}/login?${new URLSearchParams({ redirect_uri: `${urls.store}/`, client_id: "admin" })}`,
      rehearsal.prd.port,
    );
    expect(login.body).not.toContain("Dev accounts");
    expect(login.body).not.toContain("dev-password");
  });
});

describe("the legal documents on the prd build", () => {
  it("shows the terms and the privacy policy", async () => {
    const { page, expectNoFailures } = await newPerson("legal");
    for (const key of ["app_terms", "privacy"]) {
      await page.goto(`${urls.auth}/legal/${key}/latest`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
      await expectAccessible(page);
    }
    expectNoFailures();
  });
});

describe("stg beside prd on the one CODE bucket", () => {
  let staging: Staging;

  beforeAll(async () => {
    staging = await startStagingBeside(rehearsal, STAGING_PORTS);
  }, 120_000);
  afterAll(() => staging?.stop());

  it("answers 200 with HSTS for every static asset and page of every app", async () => {
    const wanted = everyAssetAndPage(staging.stg.urls);
    expect(await statusAndHsts(wanted, staging.stg.port)).toEqual(wanted.map((url) => `200 ${HSTS} ${url}`));
  });

  it("publishes to stg under a revision of its own, never reaches prd's, and prd's files stay as they were", async () => {
    expect(revisionId, "the game was published to prd").toBeTruthy();
    const stg = staging.stg.urls;
    const prdLogic = () => codeObject(`${revisionId}/logic.js`);
    const prdPage = async () =>
      (await hostedFetch(`${urls.rooms}/play/${revisionId}/index.html`, rehearsal.prd.port)).body;
    const [logicBefore, pageBefore] = [await prdLogic(), await prdPage()];
    expect(logicBefore.length).toBeGreaterThan(0);

    // An author of stg: a publish token of stg's sign-in service, and the CLI pointed at stg.
    const idToken = await standInIdToken(rehearsal, "user@example.com", "dev-password");
    const created = await hostedFetch(`${stg.auth}/api/publish-tokens`, staging.stg.port, {
      method: "POST",
      headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "stg" }),
    });
    expect(created.status, created.body).toBe(201);
    const { token } = JSON.parse(created.body) as { token: string };
    const published = await cli(
      ["publish", "examples/tic-tac-toe"],
      {
        ...staging.nodeEnv,
        SCENARIO_PUBLISH_TOKEN: token,
      },
      stg,
    );
    expect(published.code, published.stderr).toBe(0);
    const stgRevision = /revisionId: (\S+)/.exec(published.stdout)?.[1] as string;
    expect(stgRevision).toMatch(/^tic-tac-toe-/);
    expect(stgRevision).not.toBe(revisionId);

    // stg knows nothing of prd's revision; prd's files are what they were.
    expect((await hostedFetch(`${stg.rooms}/play/${revisionId}/index.html`, staging.stg.port)).status).toBe(404);
    expect((await hostedFetch(`${stg.rooms}/play/${stgRevision}/index.html`, staging.stg.port)).status).toBe(200);
    expect(await prdLogic()).toEqual(logicBefore);
    expect(await prdPage()).toBe(pageBefore);
  }, 180_000);
});

/** An object of the local CODE bucket both environments share, read with wrangler as an operator would. */
async function codeObject(key: string): Promise<Buffer> {
  const { stdout } = await run(
    wranglerBin,
    [
      "r2",
      "object",
      "get",
      `platform-code/${key}`,
      "--local",
      "--env",
      "prd",
      "--persist-to",
      rehearsal.prd.stateDir,
      "--pipe",
    ],
    { cwd: projectRoot, env: wranglerEnv({ CI: "true" }), encoding: "buffer", maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

describe("prd's log after the rehearsal", () => {
  it("holds no ERROR or CRITICAL line: nothing failed on prd's side", () => {
    const lines = rehearsal
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { severity?: string; message?: string });
    expect(lines.length).toBeGreaterThan(50);
    expect(lines.filter((line) => line.severity === "ERROR" || line.severity === "CRITICAL")).toEqual([]);
  });
});

describe("prd's creation rate limits", () => {
  const rule = RATE_LIMITS.publishTokens;
  const createToken = (idToken: string) =>
    hostedFetch(`${urls.auth}/api/publish-tokens`, rehearsal.prd.port, {
      method: "POST",
      headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "burst" }),
    });

  it(`refuses the publish token past ${rule.limit} a minute of one account with 429 rate_limited; another account still creates one`, async () => {
    // The local limiter counts in windows aligned to the clock: a burst that crossed one is run
    // again by a fresh account.
    const windowNow = () => Math.floor(Date.now() / (rule.period * 1000));
    let answers: Awaited<ReturnType<typeof createToken>>[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const { idToken } = await standInNewAccount(rehearsal);
      const started = windowNow();
      answers = await Promise.all(Array.from({ length: rule.limit + 1 }, () => createToken(idToken)));
      if (windowNow() === started) break;
    }
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array(rule.limit).fill(201), 429]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.headers["retry-after"]).toBe(String(rule.period));
    expect(JSON.parse(refused?.body ?? "{}")).toMatchObject({ error: "rate_limited" });

    const other = await standInNewAccount(rehearsal);
    expect((await createToken(other.idToken)).status).toBe(201);
  });
});

describe("a stolen ID token on the prd build once its owner changes the password (issue 32, part 5)", () => {
  const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
    ([] as string[]).concat(setCookie ?? []).find((line) => line.startsWith(`${name}=`)) ?? "";
  const cookieValueOf = (line: string) => line.slice(line.indexOf("=") + 1).split(";")[0] ?? "";
  const auth = (pathAndQuery: string, init: Parameters<typeof hostedFetch>[2] = {}) =>
    hostedFetch(`${urls.auth}${pathAndQuery}`, rehearsal.prd.port, init);
  const login = (cookie: string) =>
    auth(`/login?${new URLSearchParams({ redirect_uri: `${urls.store}/`, client_id: "store" })}`, {
      headers: { cookie },
    });

  /** An SSO session on prd's auth host bought with an ID token (the hand-over, as an app starts one). */
  async function sessionBoughtWith(idToken: string): Promise<string> {
    const issued = await auth("/api/transfer/code", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id_token: idToken, redirect_uri: `${urls.store}/` }),
    });
    expect(issued.status, issued.body).toBe(200);
    const { code } = JSON.parse(issued.body) as { code: string };
    const page = await auth(`/transfer?code=${code}`);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
    const confirmed = await auth("/transfer", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: urls.auth,
        cookie: `auth_transfer_csrf=${cookieValueOf(cookieOf(page.headers["set-cookie"], "auth_transfer_csrf"))}`,
      },
      body: new URLSearchParams({ code, csrf, decision: "continue" }).toString(),
    });
    expect(confirmed.status).toBe(302);
    return `auth_session=${cookieValueOf(cookieOf(confirmed.headers["set-cookie"], "auth_session"))}`;
  }

  it("the SSO session it bought is signed out at its next use, and it makes no publish token", async () => {
    const email = `victim-${Date.now()}@example.com`;
    const owner = await standInCall<{ localId: string; idToken: string }>(rehearsal, "accounts:signUp", {
      email,
      password: "first-password",
      returnSecureToken: true,
    });
    // Stolen from a sign-in ten seconds ago (the provider's times are whole seconds).
    const stolen = await standInIdTokenSignedInAt(
      rehearsal,
      { uid: owner.localId, email },
      Math.floor(Date.now() / 1000) - 10,
    );
    // The owner accepted the documents (no rows would mean every one is pending: the page would ask).
    const consented = await auth("/api/consent", {
      method: "POST",
      headers: { authorization: `Bearer ${owner.idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ document_keys: ["app_terms", "privacy"] }),
    });
    expect(consented.status, consented.body).toBe(200);
    const cookie = await sessionBoughtWith(stolen);
    expect((await login(cookie)).status).toBe(302);

    await standInCall(rehearsal, "accounts:update", { idToken: owner.idToken, password: "second-password" });

    const next = await login(cookie);
    expect(next.status).toBe(200);
    expect(cookieOf(next.headers["set-cookie"], "auth_session")).toMatch(/^auth_session=; Max-Age=0/);
    const created = await auth("/api/publish-tokens", {
      method: "POST",
      headers: { authorization: `Bearer ${stolen}` },
    });
    expect(created.status).toBe(401);
    expect(JSON.parse(created.body)).toMatchObject({ error: "id_token_revoked" });
    // The owner's own sign-in after the change is whole.
    const fresh = await standInIdToken(rehearsal, email, "second-password");
    expect((await login(await sessionBoughtWith(fresh))).status).toBe(302);
  }, 60_000);
});

describe("social sign-in on the prd build", () => {
  it("returns through prd's registered address, {AUTH_URL}/login/callback, and signs a new account up", async () => {
    const { page, expectNoFailures } = await newPerson("social");
    await page.goto(`${urls.store}/`);
    await page.waitForURL(`${urls.auth}/login?**`);
    await page.getByLabel("Terms of Service").check();
    await page.getByLabel("Privacy Policy").check();
    const started = page.waitForRequest((request) => request.url().includes("/v1/accounts:createAuthUri"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    expect(((await started).postDataJSON() as { continueUri: string }).continueUri).toBe(`${urls.auth}/login/callback`);
    // The stand-in plays Google's page; it sends the browser back to the address prd registered.
    await page.waitForURL(`${rehearsal.standIn.url}/idp/social/authorize?**`);
    await page.getByLabel("Email").fill(`rehearsal-social-${Date.now()}@example.org`);
    const returned = page.waitForRequest((request) => request.url().startsWith(`${urls.auth}/login/callback?`));
    await page.getByRole("button", { name: "Continue" }).click();
    expect(new URL((await returned).url()).searchParams.has("code")).toBe(true);
    await page.waitForURL(`${urls.store}/**`);
    await expect.poll(() => page.getByTestId("balance").getAttribute("data-balance"), { timeout: 30_000 }).toBe("0");
    expectNoFailures();
  }, 120_000);
});

describe("base URLs and the CLI's --platform on the prd build (issue 34, items 2 and 3)", () => {
  it.each([360, 1280])("shows a page at each app's host to a browser at %i px, of prd's pages only", async (width) => {
    const { page, expectNoFailures } = await newPerson(`base-pages-${width}`, { width, height: 800 });
    for (const [host, title] of [
      [urls.auth, "Sign-in service"],
      [urls.api, "Main backend"],
      [urls.rooms, "Multiplayer rooms"],
    ]) {
      const response = await page.goto(`${host}/`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["strict-transport-security"]).toBe(HSTS);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect(await page.content()).not.toMatch(/dev only|localhost|\/idp\/|\/payments\/|\/dev\/rooms|dev-password/);
      const hrefs = await page.$$eval("main a", (links) => links.map((link) => (link as HTMLAnchorElement).href));
      for (const href of hrefs) expect(rehearsal.hosts, href).toContain(new URL(href).hostname);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBe(0);
      await expectAccessible(page);
    }
    expectNoFailures();
  });

  it("publishes after the npx scenario login line of the publish-token page, with no URL given", async () => {
    const { page, expectNoFailures } = await newPerson("author-platform-line");
    await page.goto(`${urls.auth}/publish-tokens`);
    await page.waitForURL(`${urls.auth}/login?**`);
    await signUpByPhone(page);
    await page.waitForURL(`${urls.auth}/publish-tokens**`);
    await page.waitForSelector("#create:not([hidden])");
    await page.fill("#name", "laptop");
    await page.getByRole("button", { name: "Create token" }).click();
    await expect.poll(() => page.inputValue("#created-token")).toMatch(/^sgpt_/);
    const token = await page.inputValue("#created-token");
    const line = await page.textContent("#login-command");
    expect(line).toBe(`npx scenario login --token ${token} --platform ${urls.auth}`);
    await expectAccessible(page);
    expectNoFailures();

    const home = mkdtempSync(path.join(tmpdir(), "rehearsal-platform-line-"));
    try {
      const author = (args: string[]) =>
        scenario({ platformUrl: "", configDir: home }, args, {
          ...rehearsal.nodeEnv,
          SCENARIO_AUTH_URL: "",
          SCENARIO_API_URL: "",
        });
      const login = await author((line ?? "").split(" ").slice(2));
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain(`signs in at ${urls.auth} and uploads to ${urls.api}`);
      const published = await author(["publish", "examples/coin-chase"]);
      expect(published.code, published.stderr).toBe(0);
      expect(published.stdout).toMatch(new RegExp(`play: ${urls.rooms}/play/coin-chase-[0-9a-f]+/`));
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("a player's signed-in devices on the prd build (issue 34, item 6)", () => {
  const LAPTOP = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
  const PHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

  /** A browser of the player's (its user agent names the device), signed in to the store through a hand-over. */
  async function deviceOf(idToken: string, userAgent: string): Promise<Page> {
    const context = await browser.newContext({ userAgent, ignoreHTTPSErrors: true });
    context.setDefaultTimeout(30_000);
    people.push(context);
    const page = await context.newPage();
    screenshotOnFailure(page, `rehearsal-devices-${userAgent.includes("iPhone") ? "phone" : "laptop"}`);
    const issued = await hostedFetch(`${urls.auth}/api/transfer/code`, rehearsal.prd.port, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id_token: idToken, redirect_uri: `${urls.store}/` }),
    });
    expect(issued.status, issued.body).toBe(200);
    await page.goto(`${urls.auth}/transfer?code=${(JSON.parse(issued.body) as { code: string }).code}`);
    await page.click('button[name="decision"][value="continue"]');
    await expect.poll(() => page.getByTestId("balance").getAttribute("data-balance"), { timeout: 30_000 }).toBe("0");
    return page;
  }

  const signedInAtLogin = async (page: Page) => {
    await page.goto(
      `${urls.auth}/login?${new URLSearchParams({ client_id: "store", redirect_uri: `${urls.store}/` })}`,
    );
    await page.waitForLoadState("load");
    return page.url().startsWith(`${urls.store}/`);
  };

  it("lists the devices from the store's header, signs the phone out for good, and a password change signs the list's browser out", async () => {
    const email = `rehearsal-devices-${Date.now()}@example.com`;
    const owner = await standInCall<{ localId: string; idToken: string }>(rehearsal, "accounts:signUp", {
      email,
      password: "first-password",
      returnSecureToken: true,
    });
    const consented = await hostedFetch(`${urls.auth}/api/consent`, rehearsal.prd.port, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.idToken}`, "content-type": "application/json" },
      body: JSON.stringify({ document_keys: ["app_terms", "privacy"] }),
    });
    expect(consented.status, consented.body).toBe(200);
    // Both devices signed in ten seconds ago (the provider's times are whole seconds), before the change below.
    const signIn = await standInIdTokenSignedInAt(
      rehearsal,
      { uid: owner.localId, email },
      Math.floor(Date.now() / 1000) - 10,
    );
    const phone = await deviceOf(signIn, PHONE);
    const laptop = await deviceOf(signIn, LAPTOP);

    await laptop.getByRole("link", { name: "Signed-in devices" }).click();
    await laptop.waitForURL(`${urls.auth}/sessions?**`);
    expect(await laptop.locator('.session[data-current="true"] .device-name').textContent()).toBe("Firefox on Linux");
    expect(await laptop.locator(".sessions-list .device-name").allTextContents()).toEqual(["Safari on iOS"]);
    // The session cookie is prd's auth host's (Domain); the page's form token is this host's alone.
    const cookies = await laptop.context().cookies(urls.auth);
    expect(cookies.find((cookie) => cookie.name === "auth_session")).toMatchObject({
      domain: ".auth.example.com",
      secure: true,
      httpOnly: true,
    });
    expect(cookies.find((cookie) => cookie.name === "auth_sessions_csrf")).toMatchObject({
      domain: "auth.example.com",
      secure: true,
    });
    for (const width of [360, 1280]) {
      await laptop.setViewportSize({ width, height: 800 });
      await expectAccessible(laptop);
    }

    await laptop.getByRole("button", { name: "Sign out: Safari on iOS, Last used less than an hour ago" }).click();
    await expect.poll(() => laptop.locator("#status").textContent()).toBe("That device was signed out.");
    expect(await signedInAtLogin(phone)).toBe(false);
    expect(await signedInAtLogin(laptop)).toBe(true);

    // The owner changes the password: the laptop's session stood on the sign-in before it.
    await standInCall(rehearsal, "accounts:update", { idToken: owner.idToken, password: "second-password" });
    await laptop.goto(`${urls.auth}/sessions?ui_locales=en`);
    expect(await laptop.getByText("This browser is not signed in.").isVisible()).toBe(true);
    expect((await laptop.context().cookies(urls.auth)).some((cookie) => cookie.name === "auth_session")).toBe(false);
    await expectAccessible(laptop);
  }, 120_000);
});

describe("the play link on the prd build, copied from an address bar (issue 34, items 1 and 5)", () => {
  it("shows the play link in the player's address bar; whoever opens it signs in and is told the room is full", async () => {
    expect(aliceAddress, "the players' journey ran").toBeTruthy();
    expect(aliceAddress).toBe(playUrl);
    const carol = await newPerson("play-link-copied", { width: 360, height: 740 });
    const sockets: string[] = [];
    carol.page.on("websocket", (socket) => sockets.push(socket.url()));
    await carol.page.goto(aliceAddress as string);
    await carol.page.waitForURL(`${urls.auth}/login?**`);
    expect(sockets).toEqual([]);
    await signUpByPhone(carol.page);
    await expectText(carol.page, "#full-heading", "The room is full");
    await expectAccessible(carol.page);
    await carol.page.getByRole("button", { name: "Watch their game" }).click();
    const carolGame = await gameFrame(carol.page);
    expect(seatOf(carolGame).seatId).toBe("spectator");
    await expectText(carolGame, "#you", "You are watching.");
    await expectText(carolGame, "#status", "X wins");
    expect(carol.page.url()).toBe(playUrl);
    carol.expectNoFailures();
  }, 120_000);
});

describe("the operator console on the prd build (issue 37)", () => {
  it("signs the operator in through prd's SSO as the admin client, and finds a user by email", async () => {
    // Alone, this test meets the documents prompt the operator's first sign-in gets (as above).
    const documentsAsked = (url: URL, status: number) => status === 409 && url.pathname === "/api/callback";
    const { page, expectNoFailures } = await newPerson("console", { width: 360, height: 800 }, documentsAsked);
    const consoleUrl = `${urls.api}/admin/`;
    await page.goto(
      `${urls.auth}/login?${new URLSearchParams({ client_id: "venue-admin", redirect_uri: consoleUrl })}`,
    );
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password").fill("dev-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const documents = page.getByRole("dialog");
    const start = page.getByRole("heading", { level: 1, name: "Find a user" });
    await Promise.race([documents.waitFor(), start.waitFor()]);
    if (await documents.isVisible()) await documents.getByRole("button", { name: "Accept and continue" }).click();
    await start.waitFor();
    expect(page.url()).toBe(consoleUrl);
    await expectAccessible(page);

    await page.getByLabel("User id, email address or payment intent id (pi_…)").fill("admin@example.com");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Account" }).waitFor();
    expect(await page.locator("#account + dl").textContent()).toContain("admin@example.com (verified)");
    expect(await page.locator("#account + dl").textContent()).toContain("operator (admin role)");
    await expectAccessible(page);
    expectNoFailures();
  }, 120_000);
});
