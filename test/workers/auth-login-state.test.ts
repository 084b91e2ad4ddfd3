import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH, cookieValue, json, openLoginPage, platform, STORE_TARGET, setCookies } from "./auth-support";

const loginUrl = `${AUTH}/login?${new URLSearchParams({ redirect_uri: STORE_TARGET, client_id: "store" })}`;

async function storedLoginRequests(): Promise<number> {
  return (await env.SESSIONS.list({ prefix: "login:" })).keys.length;
}

describe("GET /login for a visitor without a session", () => {
  it("writes nothing to storage: 50 visits leave the store as it was", async () => {
    const before = await storedLoginRequests();
    for (let visit = 0; visit < 50; visit++) {
      const res = await platform(loginUrl);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    expect(await storedLoginRequests()).toBe(before);
  });

  it("is never framed: X-Frame-Options DENY beside the CSP", async () => {
    const res = await platform(loginUrl);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    await res.body?.cancel();
  });
});

describe("POST /api/login/state (the page asks when the person signs in)", () => {
  it("stores one login request, bound to this browser, and answers its state", async () => {
    const before = await storedLoginRequests();
    const { state } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await storedLoginRequests()).toBe(before + 1);
  });

  it("checks the request by the rules of GET /login", async () => {
    const page = await platform(loginUrl);
    const nonce = `auth_login_nonce=${cookieValue(setCookies(page).get("auth_login_nonce"))}`;
    const ask = (body: unknown, headers: Record<string, string> = { cookie: nonce }) =>
      platform(`${AUTH}/api/login/state`, json(body, headers));
    const refused = await ask({ redirect_uri: "https://evil.example/" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "invalid_redirect_uri" });
    const noPkce = await ask({ redirect_uri: "com.example.game.dev://auth", client_id: "mobile" });
    expect(await noPkce.json()).toMatchObject({ error: "invalid_request" });
    const noCookie = await ask({ redirect_uri: STORE_TARGET }, {});
    expect(noCookie.status).toBe(403);
    expect(await noCookie.json()).toMatchObject({ error: "state_mismatch" });
    const crossSite = await ask({ redirect_uri: STORE_TARGET }, { cookie: nonce, origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toMatchObject({ error: "cross_origin" });
  });
});
