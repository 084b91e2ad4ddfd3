import { describe, expect, it } from "vitest";
import {
  AUTH,
  adminIdToken,
  browserOf,
  type Fetch,
  newUser,
  platform,
  STORE_TARGET,
  setCookies,
  signedInBrowser,
} from "./auth-support";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

interface Listed {
  id: string;
  created_at: string;
  last_used_at: string;
  user_agent_family: string;
  current: boolean;
}

const signedIn = async (fetch: Fetch, cookieHeader: string) =>
  (
    await fetch(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: cookieHeader },
      redirect: "manual",
    })
  ).status === 302;

async function list(headers: Record<string, string>, path = "/api/sessions") {
  const res = await platform(`${AUTH}${path}`, { headers });
  expect(res.status).toBe(200);
  return (await res.json<{ sessions: Listed[] }>()).sessions;
}

/** One user on a laptop (Firefox) and a phone (Safari). */
async function twoDevices() {
  const user = await newUser();
  const laptop = await browserOf(user, platform, "", FIREFOX_LINUX);
  const phone = await browserOf(user, platform, "", SAFARI_IOS);
  return { user, laptop, phone };
}

describe("a person's sessions", () => {
  it("lists them for the signed-in browser: created, last used, browser family, which one is this", async () => {
    const { laptop } = await twoDevices();
    const sessions = await list({ cookie: laptop.cookieHeader });
    expect(sessions.map((s) => s.user_agent_family).sort()).toEqual(["Firefox on Linux", "Safari on iOS"]);
    expect(sessions.find((s) => s.current)?.user_agent_family).toBe("Firefox on Linux");
    for (const session of sessions) {
      expect(Date.parse(session.created_at)).toBeGreaterThan(0);
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.created_at));
      expect(session.id).not.toContain(laptop.cookie);
    }
  });

  it("lists them for an app holding the user's ID token", async () => {
    const { user } = await twoDevices();
    const sessions = await list({ authorization: `Bearer ${user.idToken}` });
    expect(sessions).toHaveLength(2);
    expect(sessions.every((s) => !s.current)).toBe(true);
  });

  it("ends one session by its id; the others go on", async () => {
    const { laptop, phone } = await twoDevices();
    const phoneSession = (await list({ cookie: laptop.cookieHeader })).find((s) => !s.current);
    const res = await platform(`${AUTH}/api/sessions/${phoneSession?.id}`, {
      method: "DELETE",
      headers: { cookie: laptop.cookieHeader, origin: "http://localhost:8787" },
    });
    expect(res.status).toBe(204);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(false);
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(true);
    expect(await list({ cookie: laptop.cookieHeader })).toHaveLength(1);
  });

  it("cannot end another person's session (404), nor from another site (403)", async () => {
    const { laptop } = await twoDevices();
    const stranger = await signedInBrowser();
    const [theirs] = await list({ cookie: stranger.cookieHeader });
    const res = await platform(`${AUTH}/api/sessions/${theirs?.id}`, {
      method: "DELETE",
      headers: { cookie: laptop.cookieHeader },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "session_not_found" });
    const crossSite = await platform(`${AUTH}/api/sessions`, {
      method: "DELETE",
      headers: { cookie: stranger.cookieHeader, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    expect(await signedIn(platform, stranger.cookieHeader)).toBe(true);
  });

  it("DELETE /api/sessions ends every session of the user and expires this browser's cookie", async () => {
    const { user, laptop, phone } = await twoDevices();
    const res = await platform(`${AUTH}/api/sessions`, { method: "DELETE", headers: { cookie: laptop.cookieHeader } });
    expect(await res.json()).toEqual({ ended: 2 });
    expect(setCookies(res).get("auth_session")).toContain("Max-Age=0");
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(false);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(false);
    // The user's own ID token is revoked by signing out everywhere as soon as the provider's
    // second turns (tokens-valid-after is now); an operator's listing does not depend on it.
    const admin = { authorization: `Bearer ${await adminIdToken()}` };
    expect(await list(admin, `/api/admin/users/${user.uid}/sessions`)).toEqual([]);
  });

  it("signing out everywhere (same-origin POST /api/logout, all=1) ends every session of the user", async () => {
    const { laptop, phone } = await twoDevices();
    const other = await signedInBrowser();
    const res = await platform(`${AUTH}/api/logout`, {
      method: "POST",
      headers: {
        cookie: phone.cookieHeader,
        origin: new URL(AUTH).origin,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ all: "1", redirect_uri: STORE_TARGET }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(STORE_TARGET);
    expect(setCookies(res).get("auth_session")).toContain("Max-Age=0");
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(false);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(false);
    expect(await signedIn(platform, other.cookieHeader)).toBe(true);
  });

  it("a cross-site link to GET /api/logout?all=1 ends only that browser's session (logout CSRF)", async () => {
    const { laptop, phone } = await twoDevices();
    // A top-level GET navigation from another site carries the SameSite=Lax cookie.
    const res = await platform(`${AUTH}/api/logout?all=1&redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: phone.cookieHeader, referer: "https://evil.example/" },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(false);
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(true);
    expect(await list({ cookie: laptop.cookieHeader })).toHaveLength(1);
  });

  it("refuses POST /api/logout from another site's page (403 cross_origin): no session ends", async () => {
    const { laptop, phone } = await twoDevices();
    const res = await platform(`${AUTH}/api/logout?all=1&redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      method: "POST",
      headers: { cookie: phone.cookieHeader, origin: "https://evil.example" },
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cross_origin" });
    expect(await signedIn(platform, phone.cookieHeader)).toBe(true);
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(true);
  });

  it("POST /api/logout without all=1 ends only this browser's session; a bad redirect_uri ends none", async () => {
    const { laptop, phone } = await twoDevices();
    const post = (query: string) =>
      platform(`${AUTH}/api/logout?${query}`, {
        method: "POST",
        headers: { cookie: phone.cookieHeader, origin: new URL(AUTH).origin },
        redirect: "manual",
      });
    const refused = await post(`all=1&redirect_uri=${encodeURIComponent("https://evil.example/")}`);
    expect(refused.status).toBe(400);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(true);
    expect((await post(`redirect_uri=${encodeURIComponent(STORE_TARGET)}`)).status).toBe(303);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(false);
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(true);
  });

  it("plain logout ends only this browser's session", async () => {
    const { laptop, phone } = await twoDevices();
    await platform(`${AUTH}/api/logout?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: phone.cookieHeader },
      redirect: "manual",
    });
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(true);
    expect(await list({ cookie: laptop.cookieHeader })).toHaveLength(1);
  });

  it("needs a session cookie or an ID token (401)", async () => {
    const res = await platform(`${AUTH}/api/sessions`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "not_signed_in" });
  });
});

describe("operators (admin client)", () => {
  it("list and end any user's sessions with an admin ID token", async () => {
    const { user, laptop, phone } = await twoDevices();
    const admin = { authorization: `Bearer ${await adminIdToken()}` };
    const sessions = await list(admin, `/api/admin/users/${user.uid}/sessions`);
    expect(sessions).toHaveLength(2);

    const one = await platform(`${AUTH}/api/admin/users/${user.uid}/sessions/${sessions[0]?.id}`, {
      method: "DELETE",
      headers: admin,
    });
    expect(one.status).toBe(204);
    const all = await platform(`${AUTH}/api/admin/users/${user.uid}/sessions`, { method: "DELETE", headers: admin });
    expect(await all.json()).toEqual({ ended: 1 });
    expect(await signedIn(platform, laptop.cookieHeader)).toBe(false);
    expect(await signedIn(platform, phone.cookieHeader)).toBe(false);
  });

  it("refuses a user without the admin claim (403 admin_required)", async () => {
    const { user } = await twoDevices();
    const res = await platform(`${AUTH}/api/admin/users/${user.uid}/sessions`, {
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "admin_required" });
  });
});
