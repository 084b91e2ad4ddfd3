import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/auth/crypto";
import { configFor } from "../../src/config";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { IP_FAILURES_PER_MINUTE, TOKEN_FAILURES_PER_MINUTE } from "../../workers/auth/exchange-failures";
import { AUTH, authWithClock, FakeClock, type Fetch, newUser, platform, publishTokenIdToken } from "./auth-support";

const GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const SUBJECT_TYPE = "urn:ietf:params:oauth:token-type:access_token";

interface Created {
  id: string;
  token: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

function bearer(idToken: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${idToken}` } };
}

async function create(idToken: string, name?: string, fetch: Fetch = platform): Promise<Created> {
  const res = await fetch(
    `${AUTH}/api/publish-tokens`,
    bearer(idToken, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(name ? { name } : {}),
    }),
  );
  expect(res.status).toBe(201);
  return res.json<Created>();
}

async function list(idToken: string) {
  const res = await platform(`${AUTH}/api/publish-tokens`, bearer(idToken));
  expect(res.status).toBe(200);
  return (await res.json<{ tokens: Record<string, unknown>[] }>()).tokens;
}

function exchange(subjectToken: string, fetch: Fetch = platform, ip = "203.0.113.1") {
  return fetch(`${AUTH}/api/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
    body: new URLSearchParams({ grant_type: GRANT, subject_token: subjectToken, subject_token_type: SUBJECT_TYPE }),
  });
}

async function row(id: string) {
  return env.AUTH_DB.prepare("SELECT * FROM publish_tokens WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

describe("publish tokens: create, list, revoke", () => {
  it("creates a prefixed high-entropy token, returned once, stored only as its SHA-256", async () => {
    const user = await newUser();
    const created = await create(user.idToken, "GitHub Actions");
    expect(created.token).toMatch(/^sgpt_[A-Za-z0-9_-]{43}$/);
    expect(created.name).toBe("GitHub Actions");
    const stored = await row(created.id);
    expect(stored).toMatchObject({
      issuer_uid: user.uid,
      token_hash: await sha256Hex(created.token),
      revoked_at: null,
    });
    expect(JSON.stringify(stored)).not.toContain(created.token.slice(5));
    const again = await create(user.idToken);
    expect(again.token).not.toBe(created.token);
    expect(again.name).toBeNull();
  });

  it("lists the caller's active tokens without plaintext or hash", async () => {
    const user = await newUser();
    const other = await newUser();
    const mine = await create(user.idToken, "ci");
    await create(other.idToken, "theirs");
    const tokens = await list(user.idToken);
    expect(tokens).toEqual([{ id: mine.id, name: "ci", createdAt: mine.createdAt, lastUsedAt: null }]);
  });

  it("revokes one token: row kept with revoked_at, gone from the list, other tokens unaffected", async () => {
    const user = await newUser();
    const revoked = await create(user.idToken, "old");
    const kept = await create(user.idToken, "new");
    const res = await platform(`${AUTH}/api/publish-tokens/${revoked.id}`, bearer(user.idToken, { method: "DELETE" }));
    expect(res.status).toBe(204);
    expect((await row(revoked.id))?.revoked_at).toEqual(expect.any(Number));
    expect((await list(user.idToken)).map((t) => t.id)).toEqual([kept.id]);
    expect((await exchange(kept.token)).status).toBe(200);
    // The account still signs in and manages tokens.
    expect((await platform(`${AUTH}/api/publish-tokens`, bearer(user.idToken))).status).toBe(200);
  });

  it("answers 404 to revoking someone else's token, and leaves it active", async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const token = await create(owner.idToken);
    const res = await platform(
      `${AUTH}/api/publish-tokens/${token.id}`,
      bearer(stranger.idToken, { method: "DELETE" }),
    );
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "publish_token_not_found" });
    expect((await row(token.id))?.revoked_at).toBeNull();
  });

  it("answers 403 to a publish-token ID token on every token-management route (rule 9a)", async () => {
    const user = await newUser();
    const token = await create(user.idToken);
    const publishIdToken = await publishTokenIdToken(user.uid);
    const calls: [string, RequestInit][] = [
      [`${AUTH}/api/publish-tokens`, { method: "POST" }],
      [`${AUTH}/api/publish-tokens`, { method: "GET" }],
      [`${AUTH}/api/publish-tokens/${token.id}`, { method: "DELETE" }],
    ];
    for (const [url, init] of calls) {
      const res = await platform(url, bearer(publishIdToken, init));
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: "publish_token_not_allowed" });
    }
    expect((await row(token.id))?.revoked_at).toBeNull();
  });

  it("answers 401 without an ID token, 400 to a bad name", async () => {
    expect((await platform(`${AUTH}/api/publish-tokens`)).status).toBe(401);
    const user = await newUser();
    const res = await platform(
      `${AUTH}/api/publish-tokens`,
      bearer(user.idToken, { method: "POST", body: JSON.stringify({ name: "x".repeat(101) }) }),
    );
    expect(res.status).toBe(400);
  });
});

describe("POST /api/oauth/token (RFC 8693 token exchange)", () => {
  it("exchanges a publish token (form body) for an ID token of the token's principal, naming its issuer", async () => {
    const user = await newUser();
    const created = await create(user.idToken);
    const res = await exchange(created.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      issued_token_type: "urn:ietf:params:oauth:token-type:id_token",
      token_type: "N_A",
      expires_in: expect.any(Number),
    });
    const verified = await identityProviderFor(env, configFor(env)).verifyIdToken(body.access_token as string);
    // The token's own principal, never the issuer's uid (issue 20): it cannot change the issuer's account.
    expect(verified.uid).toBe(`publish:${created.id}`);
    expect(verified.claims.issuer_uid).toBe(user.uid);
    expect(verified.publishToken).toBe(true);
    expect((await list(user.idToken))[0]?.lastUsedAt).toEqual(expect.any(String));
  });

  it("accepts a JSON body too", async () => {
    const user = await newUser();
    const created = await create(user.idToken);
    const res = await platform(`${AUTH}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: GRANT, subject_token: created.token, subject_token_type: SUBJECT_TYPE }),
    });
    expect(res.status).toBe(200);
  });

  it("refuses a revoked token with 400 invalid_request", async () => {
    const user = await newUser();
    const created = await create(user.idToken);
    await platform(`${AUTH}/api/publish-tokens/${created.id}`, bearer(user.idToken, { method: "DELETE" }));
    const res = await exchange(created.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });

  it.each([
    ["unknown", `sgpt_${"A".repeat(43)}`],
    ["malformed", "not-a-publish-token"],
  ])("refuses an %s token with 400 invalid_request", async (_, token) => {
    const res = await exchange(token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request", error_description: expect.any(String) });
  });

  it("answers unsupported_grant_type to another grant_type", async () => {
    const res = await platform(`${AUTH}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials" }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "unsupported_grant_type" });
  });

  it.each([
    ["a missing subject_token_type", { grant_type: GRANT, subject_token: "sgpt_x" }],
    ["another subject_token_type", { grant_type: GRANT, subject_token: "x", subject_token_type: "urn:x" }],
    ["a missing subject_token", { grant_type: GRANT, subject_token_type: SUBJECT_TYPE }],
  ])("answers invalid_request to %s", async (_, fields) => {
    const res = await platform(`${AUTH}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });

  it("answers invalid_request to a body that is neither form nor JSON", async () => {
    const res = await platform(`${AUTH}/api/oauth/token`, { method: "POST", body: "grant_type=x" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_request" });
  });

  it(`answers 429 to a token that failed ${TOKEN_FAILURES_PER_MINUTE} times in a minute, until the minute is over`, async () => {
    const clock = new FakeClock();
    const auth = authWithClock(clock);
    const wrong = `sgpt_${crypto.randomUUID().replaceAll("-", "").padEnd(43, "C")}`;
    for (let i = 0; i < TOKEN_FAILURES_PER_MINUTE; i++) {
      // From a new address each time: the presented token's own count refuses it.
      expect((await exchange(wrong, auth, `198.51.100.${i}`)).status).toBe(400);
    }
    const limited = await exchange(wrong, auth, "198.51.100.200");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    clock.advance(60_000);
    expect((await exchange(wrong, auth, "198.51.100.200")).status).toBe(400);
  });

  it("an attacker's failures from the owner's IP never refuse the owner's valid token (issue 32, part 14)", async () => {
    const clock = new FakeClock();
    const auth = authWithClock(clock);
    const owner = await newUser();
    const good = await create(owner.idToken, undefined, auth);
    const sharedIp = `192.0.2.${Math.floor(Math.random() * 250)}`;
    // Thirty failures from the one address (the limit was ten per IP), each with another token.
    const attempts = 30;
    const attacker: number[] = [];
    for (let i = 0; i < attempts; i++) {
      attacker.push((await exchange(`sgpt_${String(i).padStart(43, "D")}`, auth, sharedIp)).status);
    }
    expect((await exchange(good.token, auth, sharedIp)).status).toBe(200);
    expect(attacker).toEqual(Array(attempts).fill(400));
    expect(attempts).toBeLessThan(IP_FAILURES_PER_MINUTE);
  });

  it(`answers 429 to every exchange from an IP past ${IP_FAILURES_PER_MINUTE} failures in a minute (a flood), and only from it`, async () => {
    const clock = new FakeClock();
    const auth = authWithClock(clock);
    const owner = await newUser();
    const good = await create(owner.idToken, undefined, auth);
    const flooding = `233.252.0.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < IP_FAILURES_PER_MINUTE; i++) {
      expect((await exchange(`sgpt_${String(i).padStart(43, "E")}`, auth, flooding)).status).toBe(400);
    }
    const limited = await exchange(good.token, auth, flooding);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await exchange(good.token, auth, "192.0.2.77")).status).toBe(200);
    clock.advance(60_000);
    expect((await exchange(good.token, auth, flooding)).status).toBe(200);
  });
});

describe("GET /publish-tokens (the token page)", () => {
  it("serves the page, which signs in through /login as the studio client and returns here", async () => {
    const res = await platform(`${AUTH}/publish-tokens`);
    expect(res.status).toBe(200);
    const page = await res.text();
    const config = JSON.parse(/id="publish-tokens-config">(.*?)<\/script>/s.exec(page)?.[1] ?? "{}");
    const login = new URL(config.loginUrl);
    expect(login.href.startsWith(`${AUTH}/login`)).toBe(true);
    expect(login.searchParams.get("client_id")).toBe("studio");
    expect(login.searchParams.get("redirect_uri")).toBe(`${AUTH}/publish-tokens`);
    expect(config.apiUrl).toBe(`${AUTH}/api/publish-tokens`);
    const script = await platform(`${AUTH}/assets/publish-tokens.js`);
    expect(script.status).toBe(200);
  });
});

describe("published scenario files are no sign-in target", () => {
  it.each([
    "http://localhost:8787/rooms/play/some-revision/index.html",
    "http://localhost:8787/rooms/%70lay/some-revision/index.html",
  ])("refuses redirect_uri %s", async (target) => {
    const res = await platform(`${AUTH}/login?${new URLSearchParams({ redirect_uri: target, client_id: "studio" })}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_redirect_uri" });
  });

  it("still accepts the rest of the rooms host and the token page", async () => {
    for (const target of ["http://localhost:8787/rooms/harness", `${AUTH}/publish-tokens`]) {
      const res = await platform(`${AUTH}/login?${new URLSearchParams({ redirect_uri: target, client_id: "studio" })}`);
      expect(res.status).toBe(200);
    }
  });
});
