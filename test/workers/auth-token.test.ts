import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/auth/crypto";
import {
  APP_TARGET,
  AUTH,
  authWithClock,
  confirmTransfer,
  FakeClock,
  type Fetch,
  json,
  newUser,
  openLoginPage,
  pkcePair,
  STORE_TARGET,
  uidOfCustomToken,
} from "./auth-support";

/** A PKCE sign-in through the login page and /api/callback; returns the code the app receives. */
async function authorizationCode(fetch: Fetch) {
  const user = await newUser();
  const pkce = await pkcePair();
  const { state, nonceCookie } = await openLoginPage(fetch, {
    redirect_uri: APP_TARGET,
    client_id: "mobile",
    code_challenge: pkce.challenge,
    code_challenge_method: "S256",
  });
  const res = await fetch(`${AUTH}/api/callback`, json({ state, id_token: user.idToken }, { cookie: nonceCookie }));
  const { redirect_to } = await res.json<{ redirect_to: string }>();
  const code = new URL(redirect_to).searchParams.get("code") ?? "";
  return { ...pkce, code, uid: user.uid };
}

const exchange = (fetch: Fetch, body: unknown) => fetch(`${AUTH}/api/token`, json(body));

async function expectOAuthError(res: Response, error: string) {
  expect(res.status).toBe(400);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json<{ error: string; error_description: string }>();
  expect(body.error).toBe(error);
  expect(body.error_description).not.toBe("");
}

describe("POST /api/token (PKCE)", () => {
  it("exchanges the code and verifier for a custom token of the user, once", async () => {
    const fetch = authWithClock(new FakeClock());
    const { code, verifier, uid } = await authorizationCode(fetch);
    const key = `code:authorization_code:${await sha256Hex(code)}`;
    expect(await env.SESSIONS.get(key)).not.toBeNull();
    const res = await exchange(fetch, { code, code_verifier: verifier });
    expect(res.status).toBe(200);
    const body = await res.json<{ custom_token: string }>();
    expect(Object.keys(body)).toEqual(["custom_token"]);
    expect(await uidOfCustomToken(body.custom_token)).toBe(uid);
    // Deleted when exchanged (document 1, expiring records).
    expect(await env.SESSIONS.get(key)).toBeNull();

    await expectOAuthError(await exchange(fetch, { code, code_verifier: verifier }), "invalid_grant");
  });

  it("20 parallel exchanges of one code: exactly one custom token", async () => {
    const fetch = authWithClock(new FakeClock());
    const { code, verifier } = await authorizationCode(fetch);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => exchange(fetch, { code, code_verifier: verifier })),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(results.filter((res) => res.status === 400)).toHaveLength(19);
    await Promise.all(results.map((res) => res.body?.cancel()));
  });

  it("refuses a wrong verifier, and the rightful app can still redeem afterwards", async () => {
    const fetch = authWithClock(new FakeClock());
    const { code, verifier } = await authorizationCode(fetch);
    const other = await pkcePair();
    await expectOAuthError(await exchange(fetch, { code, code_verifier: other.verifier }), "invalid_grant");
    expect((await exchange(fetch, { code, code_verifier: verifier })).status).toBe(200);
  });

  it("refuses a code after its 5 minutes", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const { code, verifier } = await authorizationCode(fetch);
    clock.advance(5 * 60_000);
    await expectOAuthError(await exchange(fetch, { code, code_verifier: verifier }), "invalid_grant");
  });

  it("accepts a code just before its 5 minutes end", async () => {
    const clock = new FakeClock();
    const fetch = authWithClock(clock);
    const { code, verifier } = await authorizationCode(fetch);
    clock.advance(5 * 60_000 - 1000);
    expect((await exchange(fetch, { code, code_verifier: verifier })).status).toBe(200);
  });

  it("refuses an unknown code", async () => {
    const fetch = authWithClock(new FakeClock());
    const { verifier } = await pkcePair();
    await expectOAuthError(await exchange(fetch, { code: "no-such-code", code_verifier: verifier }), "invalid_grant");
  });

  it.each([
    ["a verifier of 42 characters", "a".repeat(42)],
    ["a verifier of 129 characters", "a".repeat(129)],
    ["a verifier outside the RFC 7636 set", `${"a".repeat(42)}/`],
  ])("refuses %s as invalid_request", async (_name, verifier) => {
    const fetch = authWithClock(new FakeClock());
    const { code } = await authorizationCode(fetch);
    await expectOAuthError(await exchange(fetch, { code, code_verifier: verifier }), "invalid_request");
  });

  it("refuses a missing field or a body that is not JSON", async () => {
    const fetch = authWithClock(new FakeClock());
    await expectOAuthError(await exchange(fetch, { code: "x" }), "invalid_request");
    await expectOAuthError(
      await fetch(`${AUTH}/api/token`, { method: "POST", body: "code=x&code_verifier=y" }),
      "invalid_request",
    );
  });

  it("never lets a transfer code or link grant through /api/token", async () => {
    const fetch = authWithClock(new FakeClock());
    const user = await newUser();
    const { verifier } = await pkcePair();
    const page = await openLoginPage(fetch, { redirect_uri: STORE_TARGET });
    const issued = await fetch(
      `${AUTH}/api/link/grant`,
      json({ id_token: user.idToken, state: page.state }, { cookie: page.nonceCookie }),
    );
    const { grant } = await issued.json<{ grant: string }>();
    await expectOAuthError(await exchange(fetch, { code: grant, code_verifier: verifier }), "invalid_grant");

    const transfer = await fetch(
      `${AUTH}/api/transfer/code`,
      json({ id_token: user.idToken, redirect_uri: STORE_TARGET }),
    );
    expect(transfer.status).toBe(200);
    const { code } = await transfer.json<{ code: string }>();
    const refused = await exchange(fetch, { code, code_verifier: verifier });
    await expectOAuthError(refused, "invalid_grant");
    // Refused as unknown, not spent: the browser hand-over it was made for still works.
    const handedOver = await confirmTransfer(fetch, code);
    expect(handedOver.status).toBe(302);
    expect(handedOver.headers.get("location")).toMatch(/^http:\/\/localhost:3000\/after-login\?idpAuthCustomToken=/);
  });
});
