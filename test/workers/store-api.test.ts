import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newUser } from "./auth-support";
import { bearer, FakeBackend, FakePayments, STORE, standardCatalog, storeApp } from "./store-support";

let backend: FakeBackend;
let payments: FakePayments;
let store: ReturnType<typeof storeApp>;

beforeEach(() => {
  backend = new FakeBackend();
  payments = new FakePayments();
  standardCatalog(backend, payments);
  store = storeApp({ backend, payments });
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function signedIn(fields: Parameters<FakeBackend["addUser"]>[1] = {}) {
  const user = await newUser();
  return { ...user, me: backend.addUser(user.uid, fields) };
}

function checkout(idToken: string, body: unknown, init: { country?: string; headers?: Record<string, string> } = {}) {
  return store(`${STORE}/api/checkout`, {
    method: "POST",
    headers: bearer(idToken, { "content-type": "application/json", ...init.headers }),
    body: JSON.stringify(body),
    ...(init.country ? { country: init.country } : {}),
  });
}

describe("POST /api/checkout", () => {
  it("answers {url} of a session for the caller, price resolved from the product id, return URLs from STORE_URL", async () => {
    const { idToken, me } = await signedIn();
    const res = await checkout(
      idToken,
      { userId: me.id, productId: "coins_550" },
      { headers: { origin: "https://evil.example", "x-forwarded-host": "evil.example" } },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "https://checkout.test/pay/cs_test_1" });
    expect(payments.created).toEqual([
      expect.objectContaining({
        priceId: "price_550",
        userId: me.id,
        productId: "coins_550",
        successUrl: `${STORE}/result?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${STORE}/?checkout=cancelled`,
      }),
    ]);
    // The user's own ID token reached the backend's `me`.
    expect(backend.forwardedTokens).toContain(idToken);
  });

  it("returns from the checkout page with the currency and language the page had", async () => {
    const { idToken, me } = await signedIn();
    await checkout(idToken, { userId: me.id, productId: "coins_100", currency: "hkd", locale: "zh-TW" });
    await checkout(idToken, { userId: me.id, productId: "coins_100", locale: "ja" });
    expect(payments.created.map(({ successUrl, cancelUrl }) => ({ successUrl, cancelUrl }))).toEqual([
      {
        successUrl: `${STORE}/result?session_id={CHECKOUT_SESSION_ID}&currency=hkd&locale=zh-TW`,
        cancelUrl: `${STORE}/?checkout=cancelled&currency=hkd&locale=zh-TW`,
      },
      {
        successUrl: `${STORE}/result?session_id={CHECKOUT_SESSION_ID}&locale=ja`,
        cancelUrl: `${STORE}/?checkout=cancelled&locale=ja`,
      },
    ]);
  });

  it("accepts userId as a string of digits too, and passes the page's locale to the checkout page", async () => {
    const { idToken, me } = await signedIn();
    const res = await checkout(idToken, { userId: String(me.id), productId: "coins_100", locale: "zh-TW" });
    expect(res.status).toBe(200);
    expect(payments.created[0]).toMatchObject({ userId: me.id, locale: "zh-TW" });
  });

  it("answers 403 user_mismatch when userId is not the token's user, and creates no session", async () => {
    const { idToken } = await signedIn();
    const other = backend.addUser("someone-else");
    const res = await checkout(idToken, { userId: other.id, productId: "coins_100" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "user_mismatch" });
    expect(payments.created).toHaveLength(0);
  });

  it("never takes a price from the client: a body with a price id or amount is refused", async () => {
    const { idToken, me } = await signedIn();
    for (const extra of [{ priceId: "price_100" }, { price: "price_100" }, { amount: 1 }]) {
      const res = await checkout(idToken, { userId: me.id, productId: "coins_1200", ...extra });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request" });
    }
    expect(payments.created).toHaveLength(0);
  });

  it("answers 404 product_not_found for a product not on sale or without a price", async () => {
    const { idToken, me } = await signedIn();
    backend.products.push({ productId: "coins_no_price", coinCount: 5, subscriptionBonusRate: 0 });
    payments.prices.push({ id: "price_orphan", lookupKey: "coins_orphan", amounts: { jpy: 1 } });
    for (const productId of ["coins_unknown", "coins_no_price", "coins_orphan"]) {
      const res = await checkout(idToken, { userId: me.id, productId });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "product_not_found" });
    }
    expect(payments.created).toHaveLength(0);
  });

  it("charges in the visitor's currency: by location, or the currency override outside prd", async () => {
    const { idToken, me } = await signedIn();
    await checkout(idToken, { userId: me.id, productId: "coins_100" }, { country: "KR" });
    await checkout(idToken, { userId: me.id, productId: "coins_100", currency: "hkd" }, { country: "KR" });
    await checkout(idToken, { userId: me.id, productId: "coins_100" }, { country: "US" });
    expect(payments.created.map((session) => session.currency)).toEqual(["krw", "hkd", "jpy"]);
  });

  it("ignores the currency override in prd", async () => {
    store = storeApp({ environment: "prd", backend, payments });
    const { idToken, me } = await signedIn();
    const res = await checkout(idToken, { userId: me.id, productId: "coins_100", currency: "hkd" }, { country: "TW" });
    expect(res.status).toBe(200);
    expect(payments.created[0]?.currency).toBe("twd");
  });

  it("answers 401 without a valid Bearer ID token, and 400 for a body that is not JSON", async () => {
    const { idToken, me } = await signedIn();
    const none = await store(`${STORE}/api/checkout`, { method: "POST", body: JSON.stringify({ userId: me.id }) });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(await none.json()).toMatchObject({ error: "missing_id_token" });
    const forged = await checkout(`${idToken.slice(0, -4)}AAAA`, { userId: me.id, productId: "coins_100" });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ error: "invalid_id_token" });
    const notJson = await store(`${STORE}/api/checkout`, { method: "POST", headers: bearer(idToken), body: "{" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: "invalid_json" });
  });
});

describe("GET /api/session-status", () => {
  it("tells the session's own user its status", async () => {
    const { idToken, me } = await signedIn();
    await checkout(idToken, { userId: me.id, productId: "coins_100" });
    const id = payments.created[0]?.id as string;
    const open = payments.sessions.get(id);
    if (!open) throw new Error("no session was created");
    payments.sessions.set(id, { ...open, status: "complete", paymentStatus: "paid", paymentIntentId: "pi_1" });
    const res = await store(`${STORE}/api/session-status?session_id=${id}`, { headers: bearer(idToken) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sessionId: id,
      status: "complete",
      paymentStatus: "paid",
      productId: "coins_100",
      credit: "none",
    });
  });

  it("says whether the backend credited this session's own payment: none, credited, cancelled", async () => {
    const { uid, idToken, me } = await signedIn();
    await checkout(idToken, { userId: me.id, productId: "coins_100" });
    const id = payments.created[0]?.id as string;
    const open = payments.sessions.get(id);
    if (!open) throw new Error("no session was created");
    const creditOf = async () =>
      (
        await (
          await store(`${STORE}/api/session-status?session_id=${id}`, { headers: bearer(idToken) })
        ).json<{
          credit: string;
        }>()
      ).credit;

    // Not paid: there is no payment intent to look for.
    expect(await creditOf()).toBe("none");
    payments.sessions.set(id, { ...open, status: "complete", paymentStatus: "paid", paymentIntentId: "pi_7" });
    // Another purchase credited (the balance rose) is not this session's credit.
    backend.deposits.set("pi_other", { uid, purchaseId: "pi_other", cancelled: false });
    expect(await creditOf()).toBe("none");
    backend.deposits.set("pi_7", { uid, purchaseId: "pi_7", cancelled: false });
    expect(await creditOf()).toBe("credited");
    backend.deposits.set("pi_7", { uid, purchaseId: "pi_7", cancelled: true });
    expect(await creditOf()).toBe("cancelled");
    // The caller's own ID token is what the backend is asked with.
    expect(backend.forwardedTokens.every((token) => token === idToken)).toBe(true);
  });

  it("returns nothing for another user's session: the same 404 as an unknown id", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    await checkout(owner.idToken, { userId: owner.me.id, productId: "coins_100" });
    const id = payments.created[0]?.id as string;
    const theirs = await store(`${STORE}/api/session-status?session_id=${id}`, { headers: bearer(stranger.idToken) });
    const unknown = await store(`${STORE}/api/session-status?session_id=cs_test_nope`, {
      headers: bearer(stranger.idToken),
    });
    expect(theirs.status).toBe(404);
    const body = await theirs.json<Record<string, unknown>>();
    expect(body).toMatchObject({ error: "session_not_found" });
    expect(JSON.stringify(body)).not.toContain("coins_100");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "session_not_found" });
  });

  it("answers 400 for a missing or malformed session id", async () => {
    const { idToken } = await signedIn();
    for (const query of ["", "?session_id=", "?session_id=a%20b"]) {
      const res = await store(`${STORE}/api/session-status${query}`, { headers: bearer(idToken) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_request" });
    }
  });
});

describe("GET /api/me", () => {
  it("answers the user, balance and premium status through the backend with the user's token", async () => {
    const { idToken, me } = await signedIn({ balance: 1234, hasActiveSubscription: true });
    const res = await store(`${STORE}/api/me`, { headers: bearer(idToken) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { id: me.id }, balance: 1234, premium: true, bonusRate: 0.15 });
    expect(backend.forwardedTokens).toEqual([idToken]);
  });

  it("gives a member without a subscription no bonus rate", async () => {
    const { idToken } = await signedIn({ balance: 5 });
    const res = await store(`${STORE}/api/me`, { headers: bearer(idToken) });
    expect(await res.json()).toMatchObject({ balance: 5, premium: false, bonusRate: 0 });
  });

  it("answers 401 without a token", async () => {
    const res = await store(`${STORE}/api/me`);
    expect(res.status).toBe(401);
  });
});
