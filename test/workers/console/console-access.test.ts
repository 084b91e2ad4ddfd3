import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { operatorAudit, operatorSessions } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { IDP, platform, publishTokenIdToken, setCookies } from "../auth-support";
import { adminPost, idTokenClaims, nowSeconds, signIdToken } from "../helpers/dev-idp";
import {
  accountWithClaims,
  CONSOLE,
  consoleGet,
  consolePost,
  errorCodeOf,
  postSession,
  signedInOperator,
} from "./console-support";

// The console at {API_URL}/admin/ (issue 37, must 1 and 6): admins only, through the same sign-in
// as the ordering page; a publish-token ID token and a non-admin get the 403 page; every action is
// a same-origin form post with the sign-in's CSRF token.

const db = backendDb(env);
const PAGES = ["/", "/users/some-user", "/notices", "/rooms", "/audit"];
const ACTIONS = [
  "/users/some-user/sessions/end",
  "/users/some-user/sessions/end-all",
  "/users/some-user/publish-tokens/revoke",
  "/notices/1/handle",
  "/rooms/rev-x/pause",
  "/rooms/rev-x/close",
  "/sign-out",
];

const auditRows = async () => (await db.select().from(operatorAudit).all()).length;

describe("signing in", () => {
  it("GET /admin/sign-in is the page kit's signed-in page: /login as the admin client, back to itself, a form to /admin/session", async () => {
    const res = await consoleGet("/sign-in?next=%2Fbackend%2Fadmin%2Fnotices");
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("form-action 'self'");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const html = await res.text();
    const config = JSON.parse(/id="console-sign-in-config">([^<]+)</.exec(html)?.[1] ?? "{}");
    const login = new URL(config.loginUrl);
    expect(login.pathname).toBe("/auth/login");
    expect(login.searchParams.get("client_id")).toBe("admin");
    expect(login.searchParams.get("redirect_uri")).toBe(`${CONSOLE}/sign-in?next=%2Fbackend%2Fadmin%2Fnotices`);
    expect(html).toContain(`action="${CONSOLE}/session"`);
    expect(html).toContain('name="next" value="/backend/admin/notices"');
  });

  it("an operator's fresh ID token buys the console's cookie (HttpOnly, SameSite=Strict, under /backend/admin) and goes on", async () => {
    const account = await accountWithClaims({ admin: true });
    const res = await postSession(account.idToken, "/backend/admin/audit");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/backend/admin/audit");
    const cookie = setCookies(res).get("admin_console") ?? "";
    expect(cookie).toMatch(
      /^admin_console=[A-Za-z0-9_-]{43}; Max-Age=28800; Path=\/backend\/admin; HttpOnly; SameSite=Strict$/,
    );
    const page = await consoleGet("/audit", cookie.split(";")[0]);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Signed in as ${account.email}.`);
  });

  it("`next` keeps no custom token (a hand-over aimed at a console page brings one)", async () => {
    const res = await consoleGet("/notices?state=all&idpAuthCustomToken=eyJ.custom.token");
    expect(new URL(res.headers.get("location") ?? "").searchParams.get("next")).toBe(
      "/backend/admin/notices?state=all",
    );
  });

  it("`next` outside the console goes to the console's start", async () => {
    const account = await accountWithClaims({ admin: true });
    for (const next of ["https://evil.test/", "//evil.test/x", "/backend/graphql", "/auth/login"]) {
      const res = await postSession(account.idToken, next);
      expect(res.headers.get("location"), next).toBe("/backend/admin/");
    }
  });

  it("an account without the admin claim: the 403 page, no cookie", async () => {
    const account = await accountWithClaims({});
    const res = await postSession(account.idToken);
    expect(res.status).toBe(403);
    expect(setCookies(res).has("admin_console")).toBe(false);
    const html = await res.text();
    expect(html).toContain("Operators only");
    expect(html).toContain("Code <code>admin_required</code>");
    expect(html).toContain("Use another account");
  });

  it("an admin claim in the token that the provider's account no longer has: the 403 page", async () => {
    const account = await accountWithClaims({ admin: true });
    await platform(`${IDP}/admin/users/${account.uid}/claims`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ claims: {} }),
    });
    const res = await postSession(account.idToken);
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("admin_required");
  });

  it("a publish-token ID token (even of an admin issuer, even claiming admin): the 403 page", async () => {
    const admin = await accountWithClaims({ admin: true });
    const res = await postSession(await publishTokenIdToken(admin.uid));
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("publish_token_not_allowed");
    const claiming = await signIdToken({ ...idTokenClaims(admin.uid), admin: true, publish_token: true });
    expect(await errorCodeOf(await postSession(claiming))).toBe("publish_token_not_allowed");
    expect(setCookies(res).has("admin_console")).toBe(false);
  });

  it("an ID token older than five minutes: 401 stale_id_token", async () => {
    const account = await accountWithClaims({ admin: true });
    const old = await signIdToken({ ...idTokenClaims(account.uid), admin: true, iat: nowSeconds() - 600 });
    const res = await postSession(old);
    expect(res.status).toBe(401);
    expect(await errorCodeOf(res)).toBe("stale_id_token");
  });

  it("posted from another site: 403 cross_origin, no cookie", async () => {
    const account = await accountWithClaims({ admin: true });
    const res = await postSession(account.idToken, "/backend/admin/", "https://evil.test");
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("cross_origin");
    expect(setCookies(res).has("admin_console")).toBe(false);
  });
});

describe.each(PAGES)("GET /admin%s", (path) => {
  it("without a console sign-in: to the sign-in page, which comes back here", async () => {
    const res = await consoleGet(path);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.href.startsWith(`${CONSOLE}/sign-in?`)).toBe(true);
    expect(location.searchParams.get("next")).toBe(`/backend/admin${path}`);
  });

  it("an operator: the page, never cached or framed, running no script", async () => {
    const operator = await signedInOperator();
    const res = await consoleGet(path, operator.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src");
    expect(await res.text()).toContain("Operator console");
  });

  it("an operator whose admin claim was taken away at the provider: the 403 page, and the sign-in ends", async () => {
    const operator = await signedInOperator();
    await platform(`${IDP}/admin/users/${operator.uid}/claims`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ claims: {} }),
    });
    const res = await consoleGet(path, operator.cookie);
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("admin_required");
    expect(res.headers.get("set-cookie")).toContain("admin_console=; Max-Age=0");
    const again = await consoleGet(path, operator.cookie);
    expect(again.status).toBe(303);
  });

  it("an operator signed out everywhere at the provider since: signs in again", async () => {
    const operator = await signedInOperator();
    // The provider's revoke (a password change, a sign-out everywhere) a second after the sign-in.
    const revoke = await adminPost("update", { localId: operator.uid, validSince: String(nowSeconds() + 1) });
    expect(revoke.status).toBe(200);
    const res = await consoleGet(path, operator.cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("/backend/admin/sign-in?");
  });
});

describe.each(ACTIONS)("POST /admin%s", (path) => {
  it("without a console sign-in: to the sign-in page, nothing done", async () => {
    const before = await auditRows();
    const res = await consolePost(path, { cookie: "", csrf: "x".repeat(43) }, { reason: "because" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toContain("/backend/admin/sign-in?");
    expect(await auditRows()).toBe(before);
  });

  it("without the form's CSRF token: 403 csrf_invalid, nothing done", async () => {
    const operator = await signedInOperator();
    const before = await auditRows();
    const res = await consolePost(path, operator, { reason: "because" }, { csrf: null });
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("csrf_invalid");
    expect(await auditRows()).toBe(before);
  });

  it("with another sign-in's CSRF token: 403 csrf_invalid", async () => {
    const operator = await signedInOperator();
    const other = await signedInOperator();
    const res = await consolePost(path, operator, { reason: "because" }, { csrf: other.csrf });
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("csrf_invalid");
  });

  it("from another site's page: 403 cross_origin, nothing done", async () => {
    const operator = await signedInOperator();
    const before = await auditRows();
    const res = await consolePost(path, operator, { reason: "because" }, { origin: "https://evil.test" });
    expect(res.status).toBe(403);
    expect(await errorCodeOf(res)).toBe("cross_origin");
    expect(await auditRows()).toBe(before);
  });
});

describe("signing out", () => {
  it("ends the console's sign-in, then the SSO session, back to the console's start", async () => {
    const operator = await signedInOperator();
    const res = await consolePost("/sign-out", operator, {});
    expect(res.status).toBe(303);
    const logout = new URL(res.headers.get("location") ?? "");
    expect(logout.pathname).toBe("/auth/api/logout");
    expect(logout.searchParams.get("redirect_uri")).toBe(`${CONSOLE}/`);
    expect(res.headers.get("set-cookie")).toContain("admin_console=; Max-Age=0");
    expect((await consoleGet("/", operator.cookie)).status).toBe(303);
    const [row] = await db.select().from(operatorSessions).where(eq(operatorSessions.operatorUid, operator.uid));
    expect(row?.endedAt).not.toBeNull();
  });
});
