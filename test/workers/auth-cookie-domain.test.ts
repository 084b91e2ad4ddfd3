import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CodeStore } from "../../workers/auth/code-store";
import { ConsentLedger } from "../../workers/auth/consent-ledger";
import { SessionStore } from "../../workers/auth/session-store";
import { AUTH, cookieValue, platform, STORE_TARGET, setCookies, signedInBrowser } from "./auth-support";
import { GOOGLE_ADMIN_API } from "./fake-internet";
import { hostedBindings, hostedFetch } from "./hosted-build";

// Document 1, Authentication 3: auth_session's Domain comes from AUTH_DOMAIN, the auth host of the
// environment (stg.auth.example.com, auth.example.com); dev leaves AUTH_DOMAIN empty, so the cookie
// is host-only on localhost. The cookies that bind a page to the browser that opened it (the login
// nonce, the hand-over's CSRF token) stay host-only everywhere. Run on the stg/prd build.

/** The stg/prd build with a provider whose accounts were never revoked: each session use asks it. */
const hostedWithProvider = (environment: "stg" | "prd") =>
  hostedBindings(environment, { IDP_API_URL: GOOGLE_ADMIN_API });

const ENVIRONMENTS = [
  { environment: "stg", host: "stg.auth.example.com", target: "https://stg.store.example.com/coins" },
  { environment: "prd", host: "auth.example.com", target: "https://store.example.com/coins" },
] as const;

/** A user who accepted the documents, so an SSO visit lands in the app. */
async function consentedUser(): Promise<string> {
  const uid = `cookie-domain-${crypto.randomUUID()}`;
  await new ConsentLedger(env.AUTH_DB, Date.now).record(uid, ["app_terms", "privacy"], "auth_signup");
  return uid;
}

/** A browser's hand-over on the hosted build: the confirmation page, then Continue. */
async function handOver(bindings: Env, host: string, target: string, uid: string) {
  const code = await new CodeStore(env.SESSIONS, env.SINGLE_USE, Date.now).issue("transfer_code", {
    uid,
    redirectUri: target,
    clientId: "mobile",
  });
  const page = await hostedFetch(bindings, `https://${host}/transfer?code=${code}`);
  expect(page.status).toBe(200);
  const csrfCookie = setCookies(page).get("auth_transfer_csrf");
  const csrf = cookieValue(csrfCookie);
  const continued = await hostedFetch(bindings, `https://${host}/transfer`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: `https://${host}`,
      cookie: `auth_transfer_csrf=${csrf}`,
    },
    body: new URLSearchParams({ code, csrf, decision: "continue" }).toString(),
  });
  expect(continued.status).toBe(302);
  return { csrfCookie, sessionCookie: setCookies(continued).get("auth_session") ?? "" };
}

describe("auth_session's Domain per environment, on the stg/prd build", () => {
  it.each(ENVIRONMENTS)(
    "$environment: the session is set, renewed and ended with Domain=$host; the page cookies are host-only",
    async ({ environment, host, target }) => {
      const bindings = hostedWithProvider(environment);
      const { csrfCookie, sessionCookie } = await handOver(bindings, host, target, await consentedUser());
      expect(csrfCookie).toBe(`auth_transfer_csrf=${cookieValue(csrfCookie)}; Path=/; Secure; HttpOnly; SameSite=Lax`);
      const value = cookieValue(sessionCookie);
      expect(value.startsWith(`${environment}.`)).toBe(true);
      expect(sessionCookie).toBe(
        `auth_session=${value}; Max-Age=34560000; Domain=${host}; Path=/; Secure; HttpOnly; SameSite=Lax`,
      );

      // An SSO visit renews it with the same attributes (another Domain would make a second cookie).
      const login = `https://${host}/login?${new URLSearchParams({ redirect_uri: target, client_id: "store" })}`;
      const visit = await hostedFetch(bindings, login, {
        redirect: "manual",
        headers: { cookie: `auth_session=${value}` },
      });
      expect(visit.status).toBe(302);
      expect(setCookies(visit).get("auth_session")).toBe(sessionCookie);

      // The login page's nonce binds the page to this browser on this host only.
      const page = await hostedFetch(bindings, login);
      expect(page.status).toBe(200);
      const nonce = setCookies(page).get("auth_login_nonce");
      expect(nonce).toBe(`auth_login_nonce=${cookieValue(nonce)}; Path=/; Secure; HttpOnly; SameSite=Lax`);

      // Logout expires the cookie it set: same Domain and Path.
      const logout = await hostedFetch(
        bindings,
        `https://${host}/api/logout?redirect_uri=${encodeURIComponent(target)}`,
        {
          redirect: "manual",
          headers: { cookie: `auth_session=${value}` },
        },
      );
      expect(logout.status).toBe(302);
      expect(setCookies(logout).get("auth_session")).toBe(
        `auth_session=; Max-Age=0; Domain=${host}; Path=/; Secure; HttpOnly; SameSite=Lax`,
      );
      // HTTPS only: HSTS on every answer of stg and prd.
      expect(logout.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    },
  );

  it("stg, which prd's Domain cookie also reaches, reads only its own session of the two, in either order", async () => {
    const stg = hostedWithProvider("stg");
    const prd = hostedWithProvider("prd");
    const [stgUser, prdUser] = [await consentedUser(), await consentedUser()];
    const prdSession = cookieValue(
      (await handOver(prd, "auth.example.com", "https://store.example.com/", prdUser)).sessionCookie,
    );
    const stgSession = cookieValue(
      (await handOver(stg, "stg.auth.example.com", "https://stg.store.example.com/", stgUser)).sessionCookie,
    );
    const sessions = new SessionStore(env.SESSIONS, env.AUTH_DB, Date.now);
    const visit = (cookie: string) =>
      hostedFetch(
        stg,
        `https://stg.auth.example.com/login?${new URLSearchParams({ redirect_uri: "https://stg.store.example.com/", client_id: "store" })}`,
        { redirect: "manual", headers: { cookie } },
      );

    // prd's cookie alone (what a browser signed in to prd sends stg): stg sees no session.
    expect((await visit(`auth_session=${prdSession}`)).status).toBe(200);
    // Both, whichever comes first (the browser orders them by path, then age): stg's own wins.
    for (const cookie of [
      `auth_session=${prdSession}; auth_session=${stgSession}`,
      `auth_session=${stgSession}; auth_session=${prdSession}`,
    ]) {
      const landed = await visit(cookie);
      expect(landed.status).toBe(302);
      expect(setCookies(landed).get("auth_session")).toContain(`auth_session=${stgSession};`);
    }
    // Signing out of stg ends stg's session and expires stg's cookie only; prd's session lives on.
    const logout = await hostedFetch(
      stg,
      `https://stg.auth.example.com/api/logout?redirect_uri=${encodeURIComponent("https://stg.store.example.com/")}`,
      { redirect: "manual", headers: { cookie: `auth_session=${prdSession}; auth_session=${stgSession}` } },
    );
    expect(setCookies(logout).get("auth_session")).toContain("Domain=stg.auth.example.com;");
    expect(await sessions.read(stgSession)).toBeNull();
    expect((await sessions.read(prdSession))?.uid).toBe(prdUser);
  });
});

describe("auth_session in dev (AUTH_DOMAIN empty)", () => {
  it("is host-only on localhost: no Domain, not Secure, Path=/auth", async () => {
    const browser = await signedInBrowser();
    const res = await platform(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}`, {
      headers: { cookie: browser.cookieHeader },
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(setCookies(res).get("auth_session")).toBe(
      `auth_session=${browser.cookie}; Max-Age=34560000; Path=/auth; HttpOnly; SameSite=Lax`,
    );
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});
