import { evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { publishPrincipalUid } from "../../src/auth/publish-token";
import { backendDb } from "../../src/db/client";
import { balanceChannel } from "../../workers/backend/balance-channel";
import { MAX_OPERATIONS_PER_CONNECTION } from "../../workers/backend/graphql-ws/graphql-ws-server";
import { ensureUser } from "../../workers/backend/users";
import { idTokenClaims, nowSeconds, signIdToken } from "./helpers/dev-idp";
import { GRAPHQL_URL, graphqlWsClient, RawGraphqlSocket } from "./helpers/graphql-ws";
import {
  checkout,
  completedEventFor,
  deliverySettings,
  flushEvents,
  pay,
  postEvent,
  standInPrice,
  unique,
  webProduct,
} from "./helpers/payments";

const BALANCE = "subscription { currentUserCoinBalance { balance updatedAt } }";

async function signedInUser(): Promise<{ token: string; userId: number }> {
  const uid = unique("ws");
  const token = await signIdToken(idTokenClaims(uid));
  return { token, userId: await ensureUser(backendDb(env), uid) };
}

/** Credits `coins` to the user through a checkout paid at the stand-in and its signed webhook event. */
async function credit(userId: number, coins: number): Promise<void> {
  const productId = unique("ws_coins");
  await webProduct(productId, coins);
  await standInPrice(productId);
  const session = await checkout(userId, productId);
  await pay(session.id);
  const response = await postEvent(await completedEventFor(session.id));
  expect(await response.json()).toEqual({ received: true, outcome: "credited" });
}

/** Balances of one currentUserCoinBalance subscription over graphql-ws, read one by one. */
function balances(token: string, params: Record<string, unknown> = { authorization: `Bearer ${token}` }) {
  const client = graphqlWsClient(params);
  const results = client.iterate<{ currentUserCoinBalance: { balance: number; updatedAt: number } }>({
    query: BALANCE,
  });
  return {
    client,
    async next(): Promise<number> {
      const { value, done } = await results.next();
      if (done) throw new Error("the subscription completed");
      expect(value.errors).toBeUndefined();
      return value.data?.currentUserCoinBalance.balance ?? Number.NaN;
    },
    stop: () => results.return?.(),
  };
}

/** How the connection of a refused client closed (the subscription's error is the close event). */
async function refusal(params?: Record<string, unknown>): Promise<{ code: number; reason: string }> {
  const client = graphqlWsClient(params);
  const error = await client
    .iterate({ query: BALANCE })
    .next()
    .then(
      () => null,
      (closeEvent: { code: number; reason: string }) => closeEvent,
    );
  await client.dispose();
  return { code: error?.code ?? 0, reason: error?.reason ?? "" };
}

const openChannels = (userId: number) => balanceChannel(env, userId).subscriberCount();

/** A raw socket of a fresh signed-in user, acknowledged; and that user's users.id. */
async function acknowledged(): Promise<RawGraphqlSocket & { userId: number }> {
  const { token, userId } = await signedInUser();
  const raw = await RawGraphqlSocket.open();
  raw.send({ type: "connection_init", payload: { authorization: `Bearer ${token}` } });
  await raw.next("connection_ack");
  return Object.assign(raw, { userId });
}

describe("currentUserCoinBalance over graphql-ws at {API_URL}/graphql", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await deliverySettings({ mode: "hold", duplicates: 1, order: "normal" });
    await flushEvents(); // nothing left over from another test
  });

  it("the upgrade answers 101 with the graphql-transport-ws subprotocol, and the connection is acknowledged", async () => {
    const { token } = await signedInUser();
    const raw = await RawGraphqlSocket.open();
    expect(raw.protocol).toBe("graphql-transport-ws");
    raw.send({ type: "connection_init", payload: { authorization: `Bearer ${token}` } });
    expect(await raw.next("connection_ack")).toEqual({ type: "connection_ack" });
    raw.socket.close(1000);
  });

  it("user A's subscription: the current balance, then the new one after a webhook credit", async () => {
    const { token, userId } = await signedInUser();
    const a = balances(token);
    expect(await a.next()).toBe(0);
    await credit(userId, 240);
    expect(await a.next()).toBe(240);
    await a.client.dispose();
  });

  it("a credit reaches every open subscription of that user, and no other user's", async () => {
    const userA = await signedInUser();
    const userB = await signedInUser();
    const a1 = balances(userA.token);
    const a2 = balances(userA.token);
    const b = balances(userB.token);
    expect([await a1.next(), await a2.next(), await b.next()]).toEqual([0, 0, 0]);

    await credit(userA.userId, 240);
    expect([await a1.next(), await a2.next()]).toEqual([240, 240]);
    // B's next balance is B's own credit, made after A's: A's 240 never reached B's socket.
    await credit(userB.userId, 70);
    expect(await b.next()).toBe(70);
    await Promise.all([a1.client.dispose(), a2.client.dispose(), b.client.dispose()]);
  });

  it("an idle subscription survives its Balance object's eviction (hibernation): the next credit still arrives", async () => {
    const { token, userId } = await signedInUser();
    const a = balances(token);
    expect(await a.next()).toBe(0);
    await evictDurableObject(balanceChannel(env, userId));
    await credit(userId, 125);
    expect(await a.next()).toBe(125);
    await a.client.dispose();
  });

  it("two subscriptions on one connection both receive the credit", async () => {
    const { token, userId } = await signedInUser();
    const client = graphqlWsClient({ authorization: `Bearer ${token}` });
    const first = client.iterate<any>({ query: BALANCE });
    const second = client.iterate<any>({ query: BALANCE });
    const balanceOf = async (it: AsyncIterator<any>) => (await it.next()).value.data.currentUserCoinBalance.balance;
    expect([await balanceOf(first), await balanceOf(second)]).toEqual([0, 0]);
    await credit(userId, 55);
    expect([await balanceOf(first), await balanceOf(second)]).toEqual([55, 55]);
    await client.dispose();
  });

  it("queries run on the connection too, as its user; the payload key may be spelled Authorization", async () => {
    const { token, userId } = await signedInUser();
    const client = graphqlWsClient({ Authorization: `Bearer ${token}` });
    const { value } = await client.iterate({ query: "{ me { id balance } }" }).next();
    expect(value).toEqual({ data: { me: { id: userId, balance: 0 } } });
    await client.dispose();
  });

  describe("authentication: the ID token of connection_init's payload, else 4401", () => {
    it("no payload, or no authorization in it: 4401 unauthenticated", async () => {
      expect(await refusal()).toEqual({ code: 4401, reason: "missing_id_token" });
      expect(await refusal({ token: "something" })).toEqual({ code: 4401, reason: "missing_id_token" });
    });

    it("a value that is not Bearer <token>, or a token with a bad signature: 4401 invalid_id_token", async () => {
      const token = await signIdToken(idTokenClaims(unique("forged")));
      const [header, payload] = token.split(".");
      expect(await refusal({ authorization: token })).toEqual({ code: 4401, reason: "invalid_id_token" });
      expect(await refusal({ authorization: `Bearer ${header}.${payload}.AAAA` })).toEqual({
        code: 4401,
        reason: "invalid_id_token",
      });
      expect(await refusal({ authorization: 42 })).toEqual({ code: 4401, reason: "invalid_id_token" });
    });

    it("an expired ID token: 4401 invalid_id_token", async () => {
      const hourAgo = nowSeconds() - 3600;
      const token = await signIdToken({
        ...idTokenClaims(unique("expired")),
        iat: hourAgo - 3600,
        auth_time: hourAgo - 3600,
        exp: hourAgo,
      });
      expect(await refusal({ authorization: `Bearer ${token}` })).toEqual({ code: 4401, reason: "invalid_id_token" });
    });

    it("a publish-token ID token counts as unauthenticated (document 1, authentication 9b): 4401", async () => {
      const legacy = await signIdToken({ ...idTokenClaims(unique("publisher")), publish_token: true });
      const principal = await signIdToken({
        ...idTokenClaims(publishPrincipalUid(crypto.randomUUID())),
        publish_token: true,
      });
      for (const token of [legacy, principal]) {
        expect(await refusal({ authorization: `Bearer ${token}` })).toEqual({
          code: 4401,
          reason: "publish_token_not_allowed",
        });
      }
    });

    it("an Authorization header on the upgrade is not read: without the payload, 4401", async () => {
      const { token } = await signedInUser();
      const raw = await RawGraphqlSocket.open("graphql-transport-ws", { authorization: `Bearer ${token}` });
      raw.send({ type: "connection_init" });
      expect(await raw.closed).toEqual({ code: 4401, reason: "missing_id_token" });
    });
  });

  describe("operations and completion", () => {
    it("an unknown field is the protocol's error message for that id; the connection stays usable", async () => {
      const raw = await acknowledged();
      raw.send({ id: "bad", type: "subscribe", payload: { query: "subscription { nope }" } });
      const error = await raw.next("error");
      expect(error).toMatchObject({ id: "bad", type: "error" });
      expect(error.payload[0].message).toContain('Cannot query field "nope"');
      raw.send({ id: "syntax", type: "subscribe", payload: { query: "subscription {" } });
      expect(await raw.next("error")).toMatchObject({ id: "syntax", payload: [{ message: expect.any(String) }] });
      raw.send({ id: "ok", type: "subscribe", payload: { query: BALANCE } });
      expect(await raw.next("next")).toMatchObject({
        id: "ok",
        payload: { data: { currentUserCoinBalance: { balance: 0 } } },
      });
      raw.socket.close(1000);
    });

    it("the client's complete ends the subscription at once: its channel to the Balance object closes, the connection stays", async () => {
      const raw = await acknowledged();
      const { userId } = raw;
      raw.send({ id: "1", type: "subscribe", payload: { query: BALANCE } });
      await raw.next("next");
      expect(await openChannels(userId)).toBe(1);
      raw.send({ id: "1", type: "complete" });
      await vi.waitFor(async () => expect(await openChannels(userId)).toBe(0));
      // The same id is free again, and a credit reaches only the new subscription.
      raw.send({ id: "1", type: "subscribe", payload: { query: BALANCE } });
      expect(await raw.next("next")).toMatchObject({
        id: "1",
        payload: { data: { currentUserCoinBalance: { balance: 0 } } },
      });
      await credit(userId, 30);
      expect(await raw.next("next")).toMatchObject({
        id: "1",
        payload: { data: { currentUserCoinBalance: { balance: 30 } } },
      });
      raw.socket.close(1000);
    });

    it("closing the socket ends every subscription of the connection", async () => {
      const { token, userId } = await signedInUser();
      const a = balances(token);
      const b = balances(token);
      await Promise.all([a.next(), b.next()]);
      expect(await openChannels(userId)).toBe(2);
      await a.client.dispose();
      await vi.waitFor(async () => expect(await openChannels(userId)).toBe(1));
      await b.client.dispose();
      await vi.waitFor(async () => expect(await openChannels(userId)).toBe(0));
    });

    it(`at most ${MAX_OPERATIONS_PER_CONNECTION} operations at once on a connection; one more is an error, not a close`, async () => {
      const raw = await acknowledged();
      for (let i = 0; i < MAX_OPERATIONS_PER_CONNECTION; i += 1) {
        raw.send({ id: `s${i}`, type: "subscribe", payload: { query: BALANCE } });
        await raw.next("next");
      }
      raw.send({ id: "extra", type: "subscribe", payload: { query: BALANCE } });
      expect(await raw.next("error")).toMatchObject({
        id: "extra",
        payload: [{ extensions: { code: "TOO_MANY_OPERATIONS" } }],
      });
      raw.send({ id: "s0", type: "complete" });
      raw.send({ id: "again", type: "subscribe", payload: { query: BALANCE } });
      expect(await raw.next("next")).toMatchObject({ id: "again" });
      raw.socket.close(1000);
    });
  });

  describe("close codes of the protocol (graphql-ws)", () => {
    it("a message that is not the protocol's: 4400", async () => {
      const raw = await acknowledged();
      raw.send("not json");
      expect((await raw.closed).code).toBe(4400);
      const binary = await acknowledged();
      binary.socket.send(new Uint8Array([1, 2, 3]));
      expect((await binary.closed).code).toBe(4400);
    });

    it("subscribe before connection_init: 4401 Unauthorized", async () => {
      const raw = await RawGraphqlSocket.open();
      raw.send({ id: "1", type: "subscribe", payload: { query: BALANCE } });
      expect(await raw.closed).toEqual({ code: 4401, reason: "Unauthorized" });
    });

    it("a second connection_init: 4429", async () => {
      const raw = await acknowledged();
      raw.send({ type: "connection_init", payload: {} });
      expect((await raw.closed).code).toBe(4429);
    });

    it("an id already running: 4409", async () => {
      const raw = await acknowledged();
      raw.send({ id: "same", type: "subscribe", payload: { query: BALANCE } });
      await raw.next("next");
      raw.send({ id: "same", type: "subscribe", payload: { query: BALANCE } });
      expect(await raw.closed).toEqual({ code: 4409, reason: "Subscriber for same already exists" });
    });

    it("no graphql-transport-ws among the offered subprotocols: no protocol chosen, then 4406", async () => {
      const raw = await RawGraphqlSocket.open("graphql-ws");
      expect(raw.protocol).toBeNull();
      expect((await raw.closed).code).toBe(4406);
    });

    it("a message over 64 KiB: 1009", async () => {
      const raw = await acknowledged();
      raw.send({ id: "big", type: "subscribe", payload: { query: `${BALANCE}#${"x".repeat(70_000)}` } });
      expect((await raw.closed).code).toBe(1009);
    });
  });

  it("a GET without Upgrade still reaches yoga (HTTP GraphQL is unchanged)", async () => {
    const response = await exports.default.fetch(`${GRAPHQL_URL}?query=${encodeURIComponent("{ __typename }")}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });
});
