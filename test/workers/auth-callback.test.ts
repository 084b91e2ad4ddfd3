import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import {
  APP_TARGET,
  AUTH,
  authWithClock,
  cookieValue,
  FakeClock,
  json,
  newUser,
  openLoginPage,
  pkcePair,
  platform,
  publishTokenIdToken,
  STORE_TARGET,
  sessionKey,
  setCookies,
  signedInBrowser,
  uidOfCustomToken,
} from "./auth-support";

const callback = (body: unknown, cookie: string, headers: Record<string, string> = {}) =>
  platform(`${AUTH}/api/callback`, json(body, { cookie, origin: "http://localhost:8787", ...headers }));

async function consentRows(uid: string) {
  const { results } = await env.AUTH_DB.prepare(
    "SELECT document_key, version, source FROM legal_consents WHERE idp_uid = ? ORDER BY document_key",
  )
    .bind(uid)
    .all();
  return results;
}

function pendingSignUp(uid: string) {
  return env.AUTH_DB.prepare("SELECT client_id FROM pending_sign_ups WHERE idp_uid = ?").bind(uid).first();
}

describe("POST /api/callback: web sign-in", () => {
  it("creates the SSO session and answers where to go: redirect_uri with a custom token", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    const res = await callback({ state, id_token: user.idToken }, nonceCookie);
    expect(res.status).toBe(200);
    const { redirect_to } = await res.json<{ redirect_to: string }>();
    const target = new URL(redirect_to);
    expect(target.origin + target.pathname).toBe(STORE_TARGET);
    expect(await uidOfCustomToken(target.searchParams.get("idpAuthCustomToken") ?? "")).toBe(user.uid);
    expect(setCookies(res).get("auth_session")).toMatch(
      /^auth_session=dev\.[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/auth; HttpOnly; SameSite=Lax$/,
    );
  });

  it("replaces the session the browser already had (select_account with another account)", async () => {
    const first = await signedInBrowser();
    const second = await newUser();
    const { state, nonceCookie } = await openLoginPage(
      platform,
      { redirect_uri: STORE_TARGET, prompt: "select_account" },
      first.cookieHeader,
    );
    const res = await callback({ state, id_token: second.idToken }, `${nonceCookie}; ${first.cookieHeader}`);
    expect(res.status).toBe(200);
    expect(await env.SESSIONS.get(await sessionKey(first.cookie))).toBeNull();
    const replaced = cookieValue(setCookies(res).get("auth_session"));
    expect(await env.SESSIONS.get(await sessionKey(replaced), "json")).toMatchObject({ uid: second.uid });
  });

  it("a state is good for one sign-in", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    expect((await callback({ state, id_token: user.idToken }, nonceCookie)).status).toBe(200);
    const again = await callback({ state, id_token: user.idToken }, nonceCookie);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "login_expired" });
  });

  it("a state is good for one sign-in even when 10 callbacks race: exactly one session", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => callback({ state, id_token: user.idToken }, nonceCookie)),
    );
    const won = answers.filter((res) => res.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((res) => setCookies(res).has("auth_session"))).toHaveLength(1);
    for (const lost of answers.filter((res) => res.status !== 200)) {
      expect(lost.status).toBe(400);
      expect(await lost.json()).toMatchObject({ error: "login_expired" });
    }
    const session = cookieValue(setCookies(won[0] as Response).get("auth_session"));
    expect(await env.SESSIONS.get(await sessionKey(session), "json")).toMatchObject({ uid: user.uid });
  });
});

describe("POST /api/callback: mobile (PKCE) sign-in", () => {
  const mobileLogin = async (extra: Record<string, string> = {}) => {
    const { challenge } = await pkcePair();
    return openLoginPage(platform, {
      redirect_uri: APP_TARGET,
      client_id: "mobile",
      code_challenge: challenge,
      code_challenge_method: "S256",
      ...extra,
    });
  };

  it("issues no cookie without prompt=select_account, and answers with an authorization code", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await mobileLogin();
    const res = await callback({ state, id_token: user.idToken }, nonceCookie);
    expect(res.status).toBe(200);
    expect(setCookies(res).has("auth_session")).toBe(false);
    const target = new URL((await res.json<{ redirect_to: string }>()).redirect_to);
    expect(target.protocol).toBe("com.example.game.dev:");
    expect(target.searchParams.get("code")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("creates the SSO session when the app sent prompt=select_account", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await mobileLogin({ prompt: "select_account" });
    const res = await callback({ state, id_token: user.idToken }, nonceCookie);
    expect(res.status).toBe(200);
    expect(setCookies(res).has("auth_session")).toBe(true);
  });
});

describe("POST /api/callback: sign-up and consent", () => {
  it("refuses a sign-up without every required document: not completed, nothing recorded", async () => {
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "studio" });
    const res = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["privacy"] },
      nonceCookie,
    );
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; message: string }>();
    expect(body.error).toBe("consent_required");
    expect(body.message).toContain("studio_terms");
    expect(setCookies(res).has("auth_session")).toBe(false);
    expect(await consentRows(user.uid)).toEqual([]);

    // The same page can finish the sign-up once the user agrees.
    const retry = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["privacy", "studio_terms"] },
      nonceCookie,
    );
    expect(retry.status).toBe(200);
  });

  it("records each required document at the catalog's version, stamped by the service", async () => {
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "portal" });
    const res = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["portal_terms", "privacy"] },
      nonceCookie,
    );
    expect(res.status).toBe(200);
    expect(await consentRows(user.uid)).toEqual([
      {
        document_key: "portal_terms",
        version: currentVersion(DOCUMENT_CATALOG, "portal_terms", Date.now()).version,
        source: "portal_signup",
      },
      {
        document_key: "privacy",
        version: currentVersion(DOCUMENT_CATALOG, "privacy", Date.now()).version,
        source: "portal_signup",
      },
    ]);
  });

  it("an unknown client_id needs app_terms + privacy", async () => {
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "unknown" });
    const refused = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["portal_terms", "privacy"] },
      nonceCookie,
    );
    expect(await refused.json()).toMatchObject({ error: "consent_required" });
    const ok = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
      nonceCookie,
    );
    expect(ok.status).toBe(200);
    expect((await consentRows(user.uid)).map((row) => row.document_key)).toEqual(["app_terms", "privacy"]);
  });

  it("does not complete the sign-up when the consent cannot be recorded", async () => {
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
    await env.AUTH_DB.exec("ALTER TABLE legal_consents RENAME TO legal_consents_away");
    let res: Response;
    try {
      res = await callback(
        { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
        nonceCookie,
      );
    } finally {
      await env.AUTH_DB.exec("ALTER TABLE legal_consents_away RENAME TO legal_consents");
    }
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "consent_not_recorded" });
    expect(setCookies(res).has("auth_session")).toBe(false);
  });

  it("a refused sign-up stays a sign-up: a later sign-in is refused until consent is recorded, then needs none", async () => {
    const user = await newUser({ consented: false });
    const signIn = async (body: Record<string, unknown>) => {
      const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
      return callback({ state, id_token: user.idToken, ...body }, nonceCookie);
    };
    const refused = await signIn({ sign_up: true, consented_document_keys: ["privacy"] });
    expect(await refused.json()).toMatchObject({ error: "consent_required" });
    expect(await pendingSignUp(user.uid)).toMatchObject({ client_id: "store" });

    // "Create account" again gives EMAIL_EXISTS at the provider, so the page signs in instead.
    const sneaky = await signIn({ sign_up: false });
    expect(sneaky.status).toBe(400);
    expect(await sneaky.json()).toMatchObject({ error: "consent_required" });
    expect(setCookies(sneaky).has("auth_session")).toBe(false);
    expect(await consentRows(user.uid)).toEqual([]);

    const finished = await signIn({ sign_up: false, consented_document_keys: ["app_terms", "privacy"] });
    expect(finished.status).toBe(200);
    expect(setCookies(finished).has("auth_session")).toBe(true);
    expect(await consentRows(user.uid)).toEqual([
      {
        document_key: "app_terms",
        version: currentVersion(DOCUMENT_CATALOG, "app_terms", Date.now()).version,
        source: "auth_signup",
      },
      {
        document_key: "privacy",
        version: currentVersion(DOCUMENT_CATALOG, "privacy", Date.now()).version,
        source: "auth_signup",
      },
    ]);
    expect(await pendingSignUp(user.uid)).toBeNull();

    const later = await signIn({ sign_up: false });
    expect(later.status).toBe(200);
  });

  it("a sign-up whose consent could not be recorded stays a sign-up on the next callback", async () => {
    const user = await newUser({ consented: false });
    const signIn = async (body: Record<string, unknown>) => {
      const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "portal" });
      return callback({ state, id_token: user.idToken, ...body }, nonceCookie);
    };
    await env.AUTH_DB.exec("ALTER TABLE legal_consents RENAME TO legal_consents_away");
    let failed: Response;
    try {
      failed = await signIn({ sign_up: true, consented_document_keys: ["portal_terms", "privacy"] });
    } finally {
      await env.AUTH_DB.exec("ALTER TABLE legal_consents_away RENAME TO legal_consents");
    }
    expect(await failed.json()).toMatchObject({ error: "consent_not_recorded" });

    const retried = await signIn({ sign_up: false, consented_document_keys: ["privacy"] });
    expect(await retried.json()).toMatchObject({ error: "consent_required" });
    expect(await consentRows(user.uid)).toEqual([]);
    const finished = await signIn({ sign_up: false, consented_document_keys: ["portal_terms", "privacy"] });
    expect(finished.status).toBe(200);
    expect((await consentRows(user.uid)).map((row) => [row.document_key, row.source])).toEqual([
      ["portal_terms", "portal_signup"],
      ["privacy", "portal_signup"],
    ]);
  });

  it("refuses every sign-in (503) while unfinished sign-ups cannot be read, rather than skip their consent", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    await env.AUTH_DB.exec("ALTER TABLE pending_sign_ups RENAME TO pending_sign_ups_away");
    let res: Response;
    try {
      res = await callback({ state, id_token: user.idToken }, nonceCookie);
    } finally {
      await env.AUTH_DB.exec("ALTER TABLE pending_sign_ups_away RENAME TO pending_sign_ups");
    }
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "sign_in_unavailable" });
    expect(setCookies(res).has("auth_session")).toBe(false);
    expect((await callback({ state, id_token: user.idToken }, nonceCookie)).status).toBe(200);
  });

  it("a repeated consent appends nothing and changes no row (unique uid, key, version)", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const user = await newUser({ consented: false });
    const signUp = async () => {
      const { state, nonceCookie } = await openLoginPage(fetch, { redirect_uri: STORE_TARGET, client_id: "store" });
      const res = await fetch(
        `${AUTH}/api/callback`,
        json(
          { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy"] },
          { cookie: nonceCookie },
        ),
      );
      expect(res.status).toBe(200);
    };
    const rows = () =>
      env.AUTH_DB.prepare(
        "SELECT document_key, version, source, consented_at FROM legal_consents WHERE idp_uid = ? ORDER BY document_key",
      )
        .bind(user.uid)
        .all()
        .then(({ results }) => results);

    await signUp();
    const first = await rows();
    expect(first.map((row) => [row.document_key, row.source, row.consented_at])).toEqual([
      ["app_terms", "auth_signup", clock.nowMs],
      ["privacy", "auth_signup", clock.nowMs],
    ]);
    clock.advance(60_000);
    await signUp();
    expect(await rows()).toEqual(first);
  });

  it("refuses document keys that do not exist", async () => {
    const user = await newUser({ consented: false });
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const res = await callback(
      { state, id_token: user.idToken, sign_up: true, consented_document_keys: ["app_terms", "privacy", "x"] },
      nonceCookie,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });
});

describe("POST /api/callback: CSRF and bad input", () => {
  it("refuses a state without this browser's login nonce cookie", async () => {
    const user = await newUser();
    const { state } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const other = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    for (const cookie of ["", other.nonceCookie]) {
      const res = await callback({ state, id_token: user.idToken }, cookie);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: "state_mismatch" });
      expect(setCookies(res).has("auth_session")).toBe(false);
    }
  });

  it("refuses a login page older than an hour (fake clock)", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(fetch, { redirect_uri: STORE_TARGET });
    clock.advance(60 * 60_000);
    const res = await fetch(`${AUTH}/api/callback`, json({ state, id_token: user.idToken }, { cookie: nonceCookie }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "login_expired" });
  });

  it("refuses a state the service never issued", async () => {
    const user = await newUser();
    const { nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const res = await callback({ state: "made-up", id_token: user.idToken }, nonceCookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "login_expired" });
  });

  it("refuses a post from another origin, and a non-JSON body (no simple-form CSRF)", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const cross = await callback({ state, id_token: user.idToken }, nonceCookie, { origin: "https://evil.com" });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ error: "cross_origin" });
    const form = await platform(`${AUTH}/api/callback`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: nonceCookie },
      body: `state=${state}&id_token=${user.idToken}`,
    });
    expect(form.status).toBe(415);
  });

  it("refuses a publish-token ID token (403): no session, and the page can still sign in a user", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const res = await callback({ state, id_token: await publishTokenIdToken() }, nonceCookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "publish_token_not_allowed" });
    expect(setCookies(res).has("auth_session")).toBe(false);
    expect((await callback({ state, id_token: user.idToken }, nonceCookie)).status).toBe(200);
  });

  it("refuses an ID token that does not verify", async () => {
    const user = await newUser();
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const [header, payload] = user.idToken.split(".");
    const res = await callback({ state, id_token: `${header}.${payload}.AAAA` }, nonceCookie);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "invalid_id_token" });
  });

  it("refuses a body over 16 KiB with 413 before reading it", async () => {
    const { state, nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const res = await callback({ state, id_token: "x".repeat(20_000) }, nonceCookie);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "payload_too_large" });
  });

  it("answers malformed JSON and missing fields with 400", async () => {
    const { nonceCookie } = await openLoginPage(platform, { redirect_uri: STORE_TARGET });
    const broken = await platform(`${AUTH}/api/callback`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: nonceCookie },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: "invalid_json" });
    const missing = await callback({ state: "x" }, nonceCookie);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "invalid_request" });
  });
});
