/**
 * Every app's base URL leads somewhere: a browser gets a page listing the app's pages (each link
 * answering), a program keeps the JSON 404; on the prd build the pages list nothing of dev. And
 * GET /.well-known/scenario-platform, where the scenario CLI learns the platform's URLs.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hostedBindings, hostedFetch } from "./hosted-build";

const HTML = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const DEV_BASES = [
  ["auth", "http://localhost:8787/auth", "Sign-in service"],
  ["backend", "http://localhost:8787/backend", "Main backend"],
  ["rooms", "http://localhost:8787/rooms", "Multiplayer rooms"],
  ["dev-idp", "http://localhost:8787/idp", "Identity provider stand-in (dev only)"],
  ["dev-payments", "http://localhost:8787/payments", "Payment provider stand-in (dev only)"],
] as const;

const devFetch = (url: string, headers: Record<string, string> = {}) => exports.default.fetch(url, { headers });

/** The href of every link of a page. */
function links(page: string): string[] {
  return [...page.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
}

const h1 = (page: string) => /<h1>([^<]*)<\/h1>/.exec(page)?.[1];

/** A published revision, as POST /code/scenario_revisions leaves it in BACKEND_DB. */
async function registerRevision(name: string): Promise<string> {
  const id = `base-page-${crypto.randomUUID().slice(0, 8)}`;
  await env.BACKEND_DB.prepare(
    "INSERT INTO revisions (id, scenario_id, uploader_uid, name, has_logic, client_zip_bytes, created_at) VALUES (?, ?, ?, ?, 1, 1, ?)",
  )
    .bind(id, "base-page-game", "someone", name, Date.now())
    .run();
  return id;
}

describe("an app's base URL in dev", () => {
  for (const [app, base, title] of DEV_BASES) {
    it.each(["", "/"])(
      `answers a browser at ${base}%s with ${app}'s page, and a program with the JSON 404`,
      async (slash) => {
        const page = await devFetch(`${base}${slash}`, { accept: HTML });
        expect(page.status).toBe(200);
        expect(page.headers.get("content-type")).toContain("text/html");
        expect(page.headers.get("vary")).toContain("accept");
        expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
        expect(h1(await page.text())).toBe(title);

        for (const accept of ["application/json", "*/*", null]) {
          const json = await devFetch(`${base}${slash}`, accept ? { accept } : {});
          expect(json.status, String(accept)).toBe(404);
          expect(await json.json()).toMatchObject({ error: "not_found" });
        }
      },
    );

    it(`links only what answers on ${app}'s page, its health among them`, async () => {
      const page = await (await devFetch(base, { accept: HTML })).text();
      const hrefs = links(page);
      expect(hrefs).toContain(`${base}/health`);
      for (const href of hrefs) {
        const res = await devFetch(href, { accept: HTML });
        expect(res.status, href).toBeLessThan(400);
        await res.body?.cancel();
      }
      const stylesheets = [...page.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1] ?? "");
      expect(stylesheets).toEqual([`${base}/assets/style.css`, `${base}/assets/base-page.css`]);
      for (const sheet of stylesheets) {
        const res = await devFetch(sheet);
        expect(res.status, sheet).toBe(200);
        await res.body?.cancel();
      }
    });
  }

  it("speaks the sign-in service's languages on its page, as its login page does", async () => {
    const ja = await (
      await devFetch("http://localhost:8787/auth", { accept: HTML, "accept-language": "ja-JP" })
    ).text();
    expect(ja).toContain('<html lang="ja">');
    expect(h1(ja)).toBe("ログインサービス");
    expect(ja).toContain("コインストアにログイン");
    expect(ja).toContain("プライバシーポリシー");
    expect(ja).toContain("ログイン中のデバイス");
    expect(links(ja)).toContain("http://localhost:8787/auth/sessions");
    expect(links(ja)).toContain("http://localhost:8787/auth/legal/privacy/latest?lang=ja");
    expect(links(ja).find((href) => href.includes("/login?"))).toContain("ui_locales=ja");
    const zh = await (await devFetch("http://localhost:8787/auth/?ui_locales=zh-TW", { accept: HTML })).text();
    expect(h1(zh)).toBe("登入服務");
  });

  it("links the play link of what was published on this machine from the rooms' page", async () => {
    const id = await registerRevision("Base page game");
    const page = await (await devFetch("http://localhost:8787/rooms/", { accept: HTML })).text();
    expect(page).toContain("Published on this machine (dev only)");
    expect(page).toContain(`<a href="http://localhost:8787/rooms/play/${id}/">Base page game</a>`);
  });
});

describe("the dev index page", () => {
  it("links the pages a person uses: the store, sign-in, publish tokens, product order and a play link", async () => {
    const id = await registerRevision("Index page game");
    const page = await (await devFetch("http://localhost:8787/", { accept: HTML })).text();
    const hrefs = links(page);
    expect(hrefs).toContain("http://localhost:8787/store/");
    expect(hrefs).toContain(
      "http://localhost:8787/auth/login?client_id=store&redirect_uri=http%3A%2F%2Flocalhost%3A8787%2Fstore%2F",
    );
    expect(hrefs).toContain("http://localhost:8787/auth/publish-tokens");
    expect(hrefs).toContain("http://localhost:8787/auth/sessions");
    expect(hrefs).toContain("http://localhost:8787/backend/admin/product-order");
    expect(hrefs).toContain(`http://localhost:8787/rooms/play/${id}/`);
    for (const [, base] of DEV_BASES) expect(hrefs).toContain(`${base}/`);
  });
});

describe("the base pages of the prd build", () => {
  const prd = hostedBindings("prd");
  const PRD_BASES = [
    ["https://auth.example.com/", "Sign-in service"],
    ["https://api.example.com/", "Main backend"],
    ["https://rooms.example.com/", "Multiplayer rooms"],
  ] as const;

  it.each(PRD_BASES)(
    "%s shows its pages to a browser, links only prd's hosts, and nothing of dev",
    async (base, title) => {
      await registerRevision("Not listed in prd");
      const res = await hostedFetch(prd, base, { headers: { accept: HTML } });
      expect(res.status).toBe(200);
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      const page = await res.text();
      expect(h1(page)).toBe(title);
      expect(page).not.toMatch(/dev only|localhost|\/idp|\/payments|\/dev\/|Not listed in prd|dev-password/);
      for (const href of links(page)) {
        expect(href).toMatch(/^https:\/\/(auth|store|api|rooms)\.example\.com\//);
        const linked = await hostedFetch(prd, href, { headers: { accept: HTML } });
        expect(linked.status, href).toBeLessThan(400);
        await linked.body?.cancel();
      }
      const json = await hostedFetch(prd, base, { headers: { accept: "application/json" } });
      expect(json.status).toBe(404);
      expect(await json.json()).toMatchObject({ error: "not_found" });
    },
  );
});

describe("GET /.well-known/scenario-platform", () => {
  it("names every app's base URL on the dev platform, on localhost and its loopback aliases", async () => {
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:8787"]) {
      const res = await devFetch(`${origin}/.well-known/scenario-platform`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        authUrl: "http://localhost:8787/auth",
        apiUrl: "http://localhost:8787/backend",
        roomsUrl: "http://localhost:8787/rooms",
        storeUrl: "http://localhost:8787/store",
      });
    }
  });

  it("answers on every host of the prd build, with HSTS, and on no stranger's host", async () => {
    const prd = hostedBindings("prd");
    for (const host of ["auth", "api", "rooms", "store"]) {
      const res = await hostedFetch(prd, `https://${host}.example.com/.well-known/scenario-platform`);
      expect(res.status).toBe(200);
      expect(res.headers.get("strict-transport-security")).toContain("max-age=");
      expect(await res.json()).toEqual({
        authUrl: "https://auth.example.com",
        apiUrl: "https://api.example.com",
        roomsUrl: "https://rooms.example.com",
        storeUrl: "https://store.example.com",
      });
    }
    const stranger = await hostedFetch(prd, "https://elsewhere.example.net/.well-known/scenario-platform");
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ error: "no_app" });
  });

  it("refuses a method other than GET with 405", async () => {
    const res = await exports.default.fetch("http://localhost:8787/.well-known/scenario-platform", { method: "POST" });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ error: "method_not_allowed" });
  });
});
