import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { backendDb } from "../../src/db/client";
import { ensureUser } from "../../workers/backend/users";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";
import {
  API,
  activeSubscription,
  checkout,
  deliverySettings,
  flushEvents,
  pay,
  refund,
  standInPrice,
  unique,
  webProduct,
} from "./helpers/payments";

async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await exports.default.fetch(`${API}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: any[]; error?: string } };
}

async function signedInUser(): Promise<{ uid: string; token: string; userId: number }> {
  const uid = unique("gql");
  const token = await signIdToken(idTokenClaims(uid));
  return { uid, token, userId: await ensureUser(backendDb(env), uid) };
}

/** Reads server-sent events ("event: next" / "data: {...}") from a stream. */
function sseReader(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  return {
    async next(): Promise<{ event: string; data: any }> {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data === undefined) continue; // keep-alive comment
          return { event, data: data ? JSON.parse(data) : null };
        }
        const { done, value } = await reader.read();
        if (done) throw new Error("stream ended");
        buffer += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe("GraphQL at {API_URL}/graphql", { timeout: 20_000 }, () => {
  it("me: id, balance and hasActiveSubscription of the bearer ID token's user", async () => {
    const { token, userId } = await signedInUser();
    const { body } = await graphql("{ me { id balance hasActiveSubscription } }", {}, token);
    expect(body).toEqual({ data: { me: { id: userId, balance: 0, hasActiveSubscription: false } } });
  });

  it("me: hasActiveSubscription follows the subscriptions table; balance the ledger", async () => {
    const { token, userId } = await signedInUser();
    const { backendDb } = await import("../../src/db/client");
    const { adminFunds } = await import("../../src/db/backend-schema");
    const { env } = await import("cloudflare:workers");
    await activeSubscription(userId);
    await backendDb(env).insert(adminFunds).values({ userId, coinCount: 42, reason: "support", createdAt: new Date() });
    const { body } = await graphql("{ me { id balance hasActiveSubscription } }", {}, token);
    expect(body.data.me).toEqual({ id: userId, balance: 42, hasActiveSubscription: true });
  });

  it("me without a token: UNAUTHENTICATED", async () => {
    const { body } = await graphql("{ me { id } }");
    expect(body.data).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("a publish-token ID token counts as unauthenticated", async () => {
    const uid = unique("publisher");
    const token = await signIdToken({ ...idTokenClaims(uid), publish_token: true });
    const { body } = await graphql("{ me { id } }", {}, token);
    expect(body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("an ID token with a bad signature: 401 invalid_id_token (the client should refresh it)", async () => {
    const token = await signIdToken(idTokenClaims(unique("forged")));
    const [header, payload] = token.split(".");
    const { status, body } = await graphql("{ me { id } }", {}, `${header}.${payload}.AAAA`);
    expect(status).toBe(401);
    expect(body).toMatchObject({ error: "invalid_id_token" });
  });

  it("currentConsumableProducts(store: WEB): coin count and bonus rate, by position", async () => {
    const first = unique("gqlp");
    const second = unique("gqlp");
    await webProduct(second, 550, 0.1, 2_000_001);
    await webProduct(first, 100, 0.05, 2_000_000);
    const { body } = await graphql(
      "query($store: Store!) { currentConsumableProducts(store: $store) { productId store coinCount subscriptionBonusRate position } }",
      { store: "WEB" },
    );
    const ours = (body.data.currentConsumableProducts as { productId: string }[]).filter(
      (p) => p.productId === first || p.productId === second,
    );
    expect(ours).toEqual([
      { productId: first, store: "WEB", coinCount: 100, subscriptionBonusRate: 0.05, position: 2_000_000 },
      { productId: second, store: "WEB", coinCount: 550, subscriptionBonusRate: 0.1, position: 2_000_001 },
    ]);
  });

  it("me.purchase: null until this user's deposit is recorded, then credited, then cancelled by a refund; another user's is null", async () => {
    const owner = await signedInUser();
    const stranger = await signedInUser();
    const productId = unique("bought");
    await webProduct(productId, 120);
    await standInPrice(productId);
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
    await flushEvents();
    const session = await checkout(owner.userId, productId);
    const { payment_intent: purchaseId } = await pay(session.id);
    const query = "query($id: String!) { me { purchase(purchaseId: $id) { purchaseId coinCount cancelled } } }";
    const purchaseOf = async (token: string) => (await graphql(query, { id: purchaseId }, token)).body;

    expect(await purchaseOf(owner.token)).toEqual({ data: { me: { purchase: null } } });
    await flushEvents();
    expect(await purchaseOf(owner.token)).toEqual({
      data: { me: { purchase: { purchaseId, coinCount: 120, cancelled: false } } },
    });
    expect(await purchaseOf(stranger.token)).toEqual({ data: { me: { purchase: null } } });

    await deliverySettings({ mode: "immediate" });
    expect((await refund(purchaseId)).status).toBe(200);
    expect(await purchaseOf(owner.token)).toEqual({
      data: { me: { purchase: { purchaseId, coinCount: 120, cancelled: true } } },
    });
  });

  it("subscription currentUserCoinBalance over SSE: the current balance, then the new one after a credit", async () => {
    const { token, userId } = await signedInUser();
    const productId = unique("live");
    await webProduct(productId, 240);
    await standInPrice(productId);
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
    await flushEvents();

    const response = await exports.default.fetch(`${API}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "subscription { currentUserCoinBalance { balance updatedAt } }" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = sseReader(response.body as ReadableStream<Uint8Array>);
    const first = await events.next();
    expect(first.data.data.currentUserCoinBalance.balance).toBe(0);

    const session = await checkout(userId, productId);
    await pay(session.id);
    await flushEvents({ duplicates: 3 });
    const second = await events.next();
    expect(second).toMatchObject({ event: "next", data: { data: { currentUserCoinBalance: { balance: 240 } } } });
    await events.cancel();
  });

  it("subscription without a token: an UNAUTHENTICATED error event", async () => {
    const response = await exports.default.fetch(`${API}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ query: "subscription { currentUserCoinBalance { balance } }" }),
    });
    const events = sseReader(response.body as ReadableStream<Uint8Array>);
    const first = await events.next();
    expect(first.data.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    await events.cancel().catch(() => {});
  });

  describe("CORS: no browser origin calls /graphql across origins, so none is answered", () => {
    const FOREIGN = "https://evil.example.net";
    const BACKEND_ORIGIN = new URL(API).origin;
    const corsHeaders = (response: Response) =>
      [...response.headers].filter(([name]) => name.startsWith("access-control-"));

    it("a foreign origin's query gets no Access-Control-Allow-Origin nor -Credentials", async () => {
      const { token } = await signedInUser();
      const response = await exports.default.fetch(`${API}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: FOREIGN },
        body: JSON.stringify({ query: "{ me { id } }" }),
      });
      expect(corsHeaders(response)).toEqual([]);
    });

    it("a preflight is answered 405 (GET, POST) and grants nothing", async () => {
      const response = await exports.default.fetch(`${API}/graphql`, {
        method: "OPTIONS",
        headers: {
          origin: FOREIGN,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, POST");
      expect(corsHeaders(response)).toEqual([]);
    });

    it("the product-order page's same-origin query works (it needs no CORS)", async () => {
      const { token, userId } = await signedInUser();
      const response = await exports.default.fetch(`${API}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: BACKEND_ORIGIN },
        body: JSON.stringify({ query: "{ me { id } }" }),
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { me: { id: userId } } });
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    });

    it("the balance subscription over SSE still streams, with no CORS grant to a foreign origin", async () => {
      const { token } = await signedInUser();
      for (const origin of [BACKEND_ORIGIN, FOREIGN]) {
        const response = await exports.default.fetch(`${API}/graphql`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "text/event-stream",
            authorization: `Bearer ${token}`,
            origin,
          },
          body: JSON.stringify({ query: "subscription { currentUserCoinBalance { balance } }" }),
        });
        expect(response.headers.get("content-type")).toContain("text/event-stream");
        expect(corsHeaders(response)).toEqual([]);
        const events = sseReader(response.body as ReadableStream<Uint8Array>);
        expect((await events.next()).data.data.currentUserCoinBalance.balance).toBe(0);
        await events.cancel();
      }
    });
  });
});
