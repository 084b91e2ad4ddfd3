import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { configFor } from "../../../src/config";
import { authLogEvents, ssoSessions } from "../../../src/db/auth-schema";
import { limitedCoinDeposits, operatorAudit, orders, users } from "../../../src/db/backend-schema";
import { authDb, backendDb } from "../../../src/db/client";
import { identityProviderFor } from "../../../src/worker-kit/providers";
import { sessionHandle } from "../../../workers/auth/ports/operator-accounts";
import { SessionStore } from "../../../workers/auth/session-store";
import { AUTH, newPublishToken, platform, STORE_TARGET, signedInBrowser } from "../auth-support";
import {
  checkout,
  deliverySettings,
  flushEvents,
  ledger,
  newUser as newBackendUser,
  pay,
  standInPrice,
  unique,
  webProduct,
} from "../helpers/payments";
import {
  CONSOLE,
  consoleGet,
  consolePost,
  errorCodeOf,
  type SignedInOperator,
  signedInOperator,
} from "./console-support";

// Issue 37, must 2 and 5: find a user by id, email or payment intent id; their page answers "where
// are my coins" and "someone else is signed in as me" on one screen; each action needs a typed
// reason and is on the audit trail.

const db = backendDb(env);
const sessions = new SessionStore(env.SESSIONS, env.AUTH_DB, Date.now);
let operator: SignedInOperator;

beforeEach(async () => {
  operator = await signedInOperator();
  await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
  await flushEvents();
});

async function uidOf(userId: number): Promise<string> {
  const [row] = await db.select({ uid: users.idpUid }).from(users).where(eq(users.id, userId));
  return row?.uid ?? "";
}

/** A user who paid for a fresh product at the stand-in; the webhook event still held. */
async function heldPurchase(coins = 100) {
  const productId = unique("coins");
  await webProduct(productId, coins);
  await standInPrice(productId);
  const userId = await newBackendUser();
  const session = await checkout(userId, productId);
  const { payment_intent: paymentIntentId } = await pay(session.id);
  return { productId, userId, uid: await uidOf(userId), paymentIntentId };
}

async function search(q: string): Promise<Response> {
  return consoleGet(`/?q=${encodeURIComponent(q)}`, operator.cookie);
}

async function userPage(uid: string, query = ""): Promise<string> {
  const res = await consoleGet(`/users/${encodeURIComponent(uid)}${query}`, operator.cookie);
  expect(res.status).toBe(200);
  return res.text();
}

const auditOf = (target: string) => db.select().from(operatorAudit).where(eq(operatorAudit.target, target)).all();

describe("finding a user", () => {
  it("by user id, by email, by the backend's user id: their page", async () => {
    const browser = await signedInBrowser();
    for (const q of [browser.uid, browser.email, ` ${browser.email.toUpperCase()} `]) {
      const res = await search(q);
      expect(res.status, q).toBe(303);
      expect(res.headers.get("location")).toBe(`${CONSOLE}/users/${browser.uid}`);
    }
    const { userId, uid } = await heldPurchase();
    expect((await search(String(userId))).headers.get("location")).toBe(`${CONSOLE}/users/${uid}`);
  });

  it("nothing known: the search page says so", async () => {
    for (const q of ["nobody-at-all", "nobody@example.com", "pi_000000000000000000000000"]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(await res.text()).toContain("Nothing matches <strong>");
    }
  });

  it("I paid and got nothing: the payment held at the provider is found by its id, not credited; once delivered, credited", async () => {
    const { uid, userId, paymentIntentId, productId } = await heldPurchase(130);
    const found = await search(paymentIntentId);
    expect(found.status).toBe(303);
    expect(found.headers.get("location")).toBe(`${CONSOLE}/users/${uid}?payment=${paymentIntentId}`);
    const before = await userPage(uid, `?payment=${paymentIntentId}`);
    expect(before).toContain(`Payment <code class="id">${paymentIntentId}</code>`);
    expect(before).toMatch(/Paid: 160 JPY for <code class="id">coins_/);
    expect(before).toContain(
      "Not credited: the provider took the payment, but its webhook event has not been processed",
    );

    await flushEvents();
    expect(await ledger.balanceOf(userId)).toBe(130);
    const after = await userPage(uid, `?payment=${paymentIntentId}`);
    expect(after).toMatch(/Credited 130 coins <time/);
    expect(after).not.toContain("Not credited");
    expect(after).toContain(`<td>${productId}</td><td>130</td>`);
    expect(after).toMatch(/= Balance<\/th><td>130<\/td>/);
  });
});

describe("a user's page", () => {
  it("where are my coins: the formula's parts, deposits, refunds, bonus and orders add up to the balance", async () => {
    const { uid, userId, paymentIntentId } = await heldPurchase(100);
    await flushEvents();
    await db.insert(orders).values({ userId, coinCount: 30, item: "story-1", createdAt: new Date() });
    await db.insert(limitedCoinDeposits).values({
      userId,
      coinCount: 12,
      reason: "subscription_bonus",
      sourcePurchaseId: unique("bonus"),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await ledger.fundByAdmin(userId, 5, "goodwill");
    const html = await userPage(uid);
    expect(await ledger.balanceOf(userId)).toBe(87);
    expect(html).toMatch(/Deposits not refunded<\/th><td>100<\/td>/);
    expect(html).toMatch(/Limited coins not expired or cancelled<\/th><td>12<\/td>/);
    expect(html).toMatch(/Operator funds<\/th><td>5<\/td>/);
    expect(html).toMatch(/Orders \(1\)<\/th><td>30<\/td>/);
    expect(html).toMatch(/= Balance<\/th><td>87<\/td>/);
    expect(html).toContain(paymentIntentId);
    expect(html).toContain("subscription_bonus");
    expect(html).toContain("goodwill");
  });

  it("the account, sessions, publish tokens, consent and the client's sign-in events; nothing secret", async () => {
    const browser = await signedInBrowser();
    const { summary } = await newPublishToken(browser.uid);
    const log = await platform(`${AUTH}/api/log`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.7" },
      body: JSON.stringify({
        evt: { name: "email_password", action: "sign_in", surface: "signIn", outcome: "failure" },
        error: { code: "auth/wrong-password", message: `for ${browser.email}` },
        uid: browser.uid,
        page: { path: "/login?x=secret", clientId: "store" },
      }),
    });
    expect(log.status).toBe(204);
    await expect
      .poll(
        async () =>
          (await authDb(env).select().from(authLogEvents).where(eq(authLogEvents.idpUid, browser.uid))).length,
      )
      .toBe(1);

    const html = await userPage(browser.uid);
    expect(html).toContain(browser.email);
    expect(html).toContain("Sign-in methods linked</dt><dd>password</dd>");
    const [session] = await sessions.list(browser.uid);
    expect(session).toBeDefined();
    expect(html).toContain(await sessionHandle(session?.id ?? ""));
    expect(html).toContain(summary.id);
    expect(html).toContain("app_terms");
    expect(html).toContain("email_password sign_in signIn failure");
    expect(html).toContain("auth/wrong-password");
    expect(html).not.toContain("198.51.100.7");
    // Never a session's id or key, a cookie, a token's hash, or what the scrubber took out.
    const [row] = await authDb(env).select().from(ssoSessions).where(eq(ssoSessions.idpUid, browser.uid));
    for (const secret of [row?.id, row?.keyHash, browser.cookie, operator.cookie.split("=")[1], "x=secret"]) {
      expect(html).not.toContain(secret);
    }
    expect(html).not.toMatch(/token_hash|[0-9a-f]{64}/);
  });
});

describe("ending sessions", () => {
  it("one session, by its handle, with a reason: ended, and on the audit trail with who and why", async () => {
    const browser = await signedInBrowser();
    const [session] = await sessions.list(browser.uid);
    const handle = await sessionHandle(session?.id ?? "");
    const res = await consolePost(`/users/${browser.uid}/sessions/end`, operator, {
      handle,
      reason: "user reported a stolen phone",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${CONSOLE}/users/${browser.uid}?done=session_ended`);
    expect(await sessions.list(browser.uid)).toEqual([]);
    const sso = await platform(`${AUTH}/login?redirect_uri=${encodeURIComponent(STORE_TARGET)}&client_id=store`, {
      redirect: "manual",
      headers: { cookie: browser.cookieHeader },
    });
    expect(sso.status).toBe(200); // the login page: the session no longer signs in
    const trail = await auditOf(handle);
    expect(trail.map((entry) => entry.outcome)).toEqual(["started", "done"]);
    expect(trail[0]).toMatchObject({
      action: "end_session",
      operatorUid: operator.uid,
      operatorEmail: operator.email,
      subjectUid: browser.uid,
      reason: "user reported a stolen phone",
    });
    expect(await (await consoleGet(`/users/${browser.uid}?done=session_ended`, operator.cookie)).text()).toContain(
      "The session was ended.",
    );
  });

  it.each([
    ["no reason", {}],
    ["an empty reason", { reason: "   " }],
    ["a reason of two letters", { reason: "ok" }],
  ])("%s: 400 reason_required, the session lives, nothing on the trail", async (_, fields) => {
    const browser = await signedInBrowser();
    const [session] = await sessions.list(browser.uid);
    const handle = await sessionHandle(session?.id ?? "");
    const res = await consolePost(`/users/${browser.uid}/sessions/end`, operator, { handle, ...fields });
    expect(res.status).toBe(400);
    expect(await errorCodeOf(res)).toBe("reason_required");
    expect(await sessions.list(browser.uid)).toHaveLength(1);
    expect(await auditOf(handle)).toEqual([]);
  });

  it("a handle the user has no live session with: 404, and the trail says it failed", async () => {
    const browser = await signedInBrowser();
    const res = await consolePost(`/users/${browser.uid}/sessions/end`, operator, {
      handle: "0123456789abcdef",
      reason: "checking",
    });
    expect(res.status).toBe(404);
    expect((await auditOf("0123456789abcdef")).map((entry) => entry.outcome).slice(-2)).toEqual(["started", "failed"]);
  });

  it("sign out everywhere: every session ends and the provider's tokens-valid-after is set", async () => {
    const first = await signedInBrowser();
    const { browserOf } = await import("../auth-support");
    await browserOf(first);
    expect(await sessions.list(first.uid)).toHaveLength(2);
    const res = await consolePost(`/users/${first.uid}/sessions/end-all`, operator, { reason: "account takeover" });
    expect(res.status).toBe(303);
    expect(await sessions.list(first.uid)).toEqual([]);
    const state = await identityProviderFor(env, configFor(env)).accountState(first.uid);
    expect(state?.validSince).not.toBeNull();
    const trail = await auditOf(first.uid);
    expect(trail.map((entry) => [entry.action, entry.outcome])).toEqual([
      ["end_all_sessions", "started"],
      ["end_all_sessions", "done"],
    ]);
    expect(trail[1]?.detail).toEqual({ sessionsEnded: 2 });
  });
});

describe("publish tokens", () => {
  it("revoke one with a reason: revoked (the row kept), on the trail", async () => {
    const browser = await signedInBrowser();
    const { summary } = await newPublishToken(browser.uid);
    const res = await consolePost(`/users/${browser.uid}/publish-tokens/revoke`, operator, {
      token: summary.id,
      reason: "leaked in a CI log",
    });
    expect(res.status).toBe(303);
    const page = await userPage(browser.uid);
    expect(page).not.toContain(`<option value="${summary.id}"`);
    const exchange = await exports.default.fetch(`${AUTH}/api/publish-tokens`, {
      headers: { authorization: `Bearer ${browser.idToken}` },
    });
    expect(((await exchange.json()) as { tokens: unknown[] }).tokens).toEqual([]);
    expect((await auditOf(summary.id)).map((entry) => entry.outcome)).toEqual(["started", "done"]);
  });

  it("another user's token: 404, not revoked", async () => {
    const owner = await signedInBrowser();
    const other = await signedInBrowser();
    const { summary } = await newPublishToken(owner.uid);
    const res = await consolePost(`/users/${other.uid}/publish-tokens/revoke`, operator, {
      token: summary.id,
      reason: "wrong user",
    });
    expect(res.status).toBe(404);
    expect(await userPage(owner.uid)).toContain(`<option value="${summary.id}"`);
  });
});
