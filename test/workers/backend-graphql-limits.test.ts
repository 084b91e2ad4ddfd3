import { exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { CoinLedger } from "../../src/ledger/coin-ledger";
import { GRAPHQL_BODY_BYTES, OPERATION_LIMITS } from "../../workers/backend/graphql-limits";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";
import { GRAPHQL_URL, RawGraphqlSocket } from "./helpers/graphql-ws";
import { unique } from "./helpers/payments";

const PRODUCT = "id productId store coinCount subscriptionBonusRate position appliedAt";

/** `count` aliases of currentConsumableProducts, as the flood sends them. */
function aliasFlood(count: number, fields = "productId coinCount"): string {
  const aliases = Array.from({ length: count }, (_, i) => `p${i}: currentConsumableProducts(store: WEB) { ${fields} }`);
  return `query { ${aliases.join(" ")} }`;
}

/** Inline fragments on Me nested `levels` deep: each is a level of depth, and valid GraphQL. */
function deepQuery(levels: number): string {
  return `query { me { ${"... on Me { ".repeat(levels)}id${" }".repeat(levels)} } }`;
}

/** One over-limit operation per limit; each would read the ledger if it ran. */
const OVER_LIMIT: Record<keyof typeof OPERATION_LIMITS, string> = {
  // 600 fields without an alias: one resolver run, but 600 tokens to parse.
  tokens: `query { currentConsumableProducts(store: WEB) { ${"productId ".repeat(600)}} }`,
  aliases: aliasFlood(OPERATION_LIMITS.aliases + 1, "productId"),
  depth: deepQuery(OPERATION_LIMITS.depth),
  // Nine list reads of every field: 9 x (2 + 1.5 x 7) = 112.5.
  cost: aliasFlood(9, PRODUCT),
};

async function post(body: string): Promise<{ status: number; body: any }> {
  const response = await exports.default.fetch(GRAPHQL_URL, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: response.status, body: await response.json() };
}

const graphql = (query: string, variables: Record<string, unknown> = {}) => post(JSON.stringify({ query, variables }));

/** The ledger reads of currentConsumableProducts' resolver: 0 means no operation ran. */
let ledgerReads: MockInstance<CoinLedger["currentProducts"]>;
beforeEach(() => {
  ledgerReads = vi.spyOn(CoinLedger.prototype, "currentProducts");
});
afterEach(() => {
  ledgerReads.mockRestore();
});

describe("GraphQL operation limits over HTTP", () => {
  it("the store's products query still answers (and its one ledger read is counted)", async () => {
    const { status, body } = await graphql(
      "query CurrentConsumableProducts($store: Store!) { currentConsumableProducts(store: $store) { productId store coinCount subscriptionBonusRate position appliedAt } }",
      { store: "WEB" },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(Array.isArray(body.data.currentConsumableProducts)).toBe(true);
    expect(ledgerReads).toHaveBeenCalledTimes(1);
  });

  it("the issue's flood, 2,000 aliases of currentConsumableProducts (114 KiB): 413 before it is read, nothing runs", async () => {
    const body = JSON.stringify({ query: aliasFlood(2000, "id productId store coinCount subscriptionBonusRate") });
    expect(body.length).toBeGreaterThan(GRAPHQL_BODY_BYTES);
    const answer = await post(body);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: "payload_too_large" });
    expect(ledgerReads).not.toHaveBeenCalled();
  });

  it("the same flood under the body cap (900 aliases): 400, a GraphQL error naming the token limit, nothing runs", async () => {
    const query = aliasFlood(900);
    expect(JSON.stringify({ query }).length).toBeLessThan(GRAPHQL_BODY_BYTES);
    const { status, body } = await graphql(query);
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: `Token limit of ${OPERATION_LIMITS.tokens} exceeded.`,
        extensions: { code: "OPERATION_LIMIT_EXCEEDED", limit: "tokens" },
      }),
    ]);
    expect(ledgerReads).not.toHaveBeenCalled();
  });

  it.each([
    ["tokens", `Token limit of ${OPERATION_LIMITS.tokens} exceeded.`],
    ["aliases", `Aliases limit of ${OPERATION_LIMITS.aliases} exceeded, found ${OPERATION_LIMITS.aliases + 1}.`],
    ["depth", `Query depth limit of ${OPERATION_LIMITS.depth} exceeded, found ${OPERATION_LIMITS.depth + 2}.`],
    ["cost", `Query Cost limit of ${OPERATION_LIMITS.cost} exceeded, found 112.5.`],
  ] as const)("an operation past the %s limit: 400 naming the limit, nothing runs", async (limit, message) => {
    const { status, body } = await graphql(OVER_LIMIT[limit]);
    expect(status).toBe(400);
    expect(body.errors).toEqual([
      expect.objectContaining({ message, extensions: { code: "OPERATION_LIMIT_EXCEEDED", limit } }),
    ]);
    expect(ledgerReads).not.toHaveBeenCalled();
  });

  it("at each limit, an operation still runs: 10 aliases, depth 5", async () => {
    const aliases = await graphql(aliasFlood(OPERATION_LIMITS.aliases, "productId"));
    expect(aliases.status).toBe(200);
    expect(aliases.body.errors).toBeUndefined();
    expect(ledgerReads).toHaveBeenCalledTimes(OPERATION_LIMITS.aliases);
    const deep = await graphql(deepQuery(OPERATION_LIMITS.depth - 2));
    expect(deep.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("the limits hold whatever the client accepts (application/json included)", async () => {
    const response = await exports.default.fetch(GRAPHQL_URL, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ query: OVER_LIMIT.aliases }),
    });
    expect(response.status).toBe(400);
    expect(ledgerReads).not.toHaveBeenCalled();
  });
});

describe("GraphQL operation limits over graphql-ws", () => {
  async function acknowledgedSocket(): Promise<RawGraphqlSocket> {
    const token = await signIdToken(idTokenClaims(unique("limits")));
    const raw = await RawGraphqlSocket.open();
    raw.send({ type: "connection_init", payload: { authorization: `Bearer ${token}` } });
    await raw.next("connection_ack");
    return raw;
  }

  it("each over-limit operation is the protocol's error naming the limit; nothing runs, the connection goes on", async () => {
    const raw = await acknowledgedSocket();
    for (const [limit, query] of Object.entries(OVER_LIMIT)) {
      raw.send({ id: limit, type: "subscribe", payload: { query } });
      expect(await raw.next("error")).toEqual({
        id: limit,
        type: "error",
        payload: [
          expect.objectContaining({ extensions: expect.objectContaining({ code: "OPERATION_LIMIT_EXCEEDED", limit }) }),
        ],
      });
    }
    expect(ledgerReads).not.toHaveBeenCalled();
    raw.send({
      id: "ok",
      type: "subscribe",
      payload: { query: "query { currentConsumableProducts(store: WEB) { productId } }" },
    });
    expect(await raw.next("next")).toMatchObject({
      id: "ok",
      payload: { data: { currentConsumableProducts: expect.any(Array) } },
    });
    expect(ledgerReads).toHaveBeenCalledTimes(1);
    raw.socket.close(1000);
  });
});
