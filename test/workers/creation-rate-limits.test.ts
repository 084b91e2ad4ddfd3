import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_ACTIVE_PUBLISH_TOKENS } from "../../src/auth/publish-token";
import { RATE_LIMITS } from "../../src/config/rate-limits";
import { UPLOAD_QUOTAS } from "../../src/publishing/limits";
import { handleError } from "../../src/worker-kit/errors";
import { rateLimited } from "../../src/worker-kit/rate-limit";
import { PublishTokenStore } from "../../workers/auth/publish-token-store";
import counterSource from "../fixtures/counter.logic.js?raw";
import { AUTH, json, newPublishToken, newUser, platform, publishTokenIdToken, STORE_TARGET } from "./auth-support";
import { postApi, publishRevision } from "./backend/publish-support";
import { createRoom } from "./backend/rooms-support";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";
import { unique } from "./helpers/payments";
import { burst, expectOneRefusal, withinOneWindow } from "./helpers/rate-limits";
import { FILES } from "./rooms/lobby-support";
import { bearer, FakeBackend, FakePayments, STORE, standardCatalog, storeApp } from "./store-support";

/**
 * Each creation endpoint gets a burst of limit + 1 from one user: `limit` are made, one is 429
 * `rate_limited` with Retry-After, and another user is not held back by it.
 */

const createPublishToken = (idToken: string) =>
  platform(`${AUTH}/api/publish-tokens`, {
    ...json({ name: "burst" }),
    headers: { authorization: `Bearer ${idToken}` },
  });

describe("POST {AUTH_URL}/api/publish-tokens", () => {
  const rule = RATE_LIMITS.publishTokens;

  it(`makes ${rule.limit} a minute per user; the next is 429; another user still gets one`, async () => {
    const { answers, attacker } = await withinOneWindow(rule, async () => {
      const attacker = await newUser();
      return { attacker, answers: await burst(rule.limit + 1, () => createPublishToken(attacker.idToken)) };
    });
    expectOneRefusal(answers, rule, 201);
    const listed = await platform(`${AUTH}/api/publish-tokens`, {
      headers: { authorization: `Bearer ${attacker.idToken}` },
    });
    expect((await listed.json<{ tokens: unknown[] }>()).tokens).toHaveLength(rule.limit);
    expect((await createPublishToken((await newUser()).idToken)).status).toBe(201);
  });

  it(`holds at most ${MAX_ACTIVE_PUBLISH_TOKENS} active tokens per user: 409 too_many_publish_tokens until one is revoked`, async () => {
    const user = await newUser();
    const held = [];
    for (let i = 0; i < MAX_ACTIVE_PUBLISH_TOKENS; i += 1) held.push(await newPublishToken(user.uid));
    const refused = await createPublishToken(user.idToken);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: "too_many_publish_tokens" });

    const revoked = await platform(`${AUTH}/api/publish-tokens/${held[0]?.summary.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(revoked.status).toBe(204);
    expect((await createPublishToken(user.idToken)).status).toBe(201);
  });

  it("counts and inserts in one statement: 30 creations at once leave exactly the cap", async () => {
    const uid = unique("cap");
    const store = new PublishTokenStore(env.AUTH_DB, Date.now);
    const made = await Promise.all(Array.from({ length: 30 }, () => store.create(uid, null)));
    expect(made.filter(Boolean)).toHaveLength(MAX_ACTIVE_PUBLISH_TOKENS);
    expect(await store.listActive(uid)).toHaveLength(MAX_ACTIVE_PUBLISH_TOKENS);
  });
});

describe("POST {API_URL}/code/upload_sessions", () => {
  const rule = RATE_LIMITS.uploadSessions;
  const start = (idToken: string, scenarioId: string) =>
    postApi("/code/upload_sessions", idToken, { scenarioId, logic: false });

  it(`starts ${rule.limit} a minute per issuer, however many publish tokens it spreads them over; another user still starts one`, async () => {
    const { answers, issuer } = await withinOneWindow(rule, async () => {
      const issuer = unique("uploader");
      const tokens = [await publishTokenIdToken(issuer), await publishTokenIdToken(issuer)];
      const answers = await burst(rule.limit + 1, (i) => start(tokens[i % 2] as string, issuer));
      return { answers, issuer };
    });
    // The limiter lets 20 through; of those, the open-session quota accepts 5 and refuses the rest.
    const codes = answers.refusals.map((refusal) => (refusal.body as { error: string }).error);
    expect(codes.filter((code) => code === "rate_limited")).toHaveLength(1);
    expect(codes.filter((code) => code === "too_many_open_uploads")).toHaveLength(
      rule.limit - UPLOAD_QUOTAS.openSessions,
    );
    expect(answers.statuses.filter((status) => status === 201)).toHaveLength(UPLOAD_QUOTAS.openSessions);
    // The issuer's own ID token is the same user: refused too.
    expect((await start(await signIdToken(idTokenClaims(issuer)), issuer)).status).toBe(429);
    const other = unique("other");
    expect((await start(await signIdToken(idTokenClaims(other)), other)).status).toBe(201);
  });
});

describe("POST {API_URL}/rooms", () => {
  const rule = RATE_LIMITS.roomRecords;
  const players = [{ id: "p1" }, { id: "p2" }];
  let revisionId: string;

  beforeAll(async () => {
    const publisher = await signIdToken(idTokenClaims(unique("room-publisher")));
    revisionId = await publishRevision(publisher, { files: FILES, logic: counterSource, playerCount: 2 });
  });

  it(`records ${rule.limit} rooms a minute per user; the next is 429; another user still records one`, async () => {
    const answers = await withinOneWindow(rule, async () => {
      const idToken = await signIdToken(idTokenClaims(unique("room-maker")));
      return burst(rule.limit + 1, () => createRoom({ revisionId, players }, idToken));
    });
    expectOneRefusal(answers, rule, 201);
    const other = await signIdToken(idTokenClaims(unique("room-maker")));
    expect((await createRoom({ revisionId, players }, other)).status).toBe(201);
  });
});

describe("POST {AUTH_URL}/api/transfer/code", () => {
  const rule = RATE_LIMITS.transferCodes;
  const issue = (idToken: string) =>
    platform(`${AUTH}/api/transfer/code`, json({ id_token: idToken, redirect_uri: STORE_TARGET }));

  it(`issues ${rule.limit} codes a minute per user; the next is 429; another user still gets one`, async () => {
    const answers = await withinOneWindow(rule, async () => {
      const user = await newUser();
      return burst(rule.limit + 1, () => issue(user.idToken));
    });
    expectOneRefusal(answers, rule, 200);
    expect((await issue((await newUser()).idToken)).status).toBe(200);
  });
});

describe("POST {STORE_URL}/api/checkout", () => {
  const rule = RATE_LIMITS.checkoutSessions;

  it(`opens ${rule.limit} checkout sessions a minute per user at the provider; the next is 429; another user still opens one`, async () => {
    const backend = new FakeBackend();
    const payments = new FakePayments();
    standardCatalog(backend, payments);
    const store = storeApp({ backend, payments });
    const buyer = async () => {
      const user = await newUser();
      const me = backend.addUser(user.uid);
      return (init?: RequestInit) =>
        store(`${STORE}/api/checkout`, {
          method: "POST",
          headers: bearer(user.idToken, { "content-type": "application/json" }),
          body: JSON.stringify({ userId: me.id, productId: "coins_100" }),
          ...init,
        });
    };
    const answers = await withinOneWindow(rule, async () => {
      payments.created.length = 0;
      const checkout = await buyer();
      return burst(rule.limit + 1, () => checkout());
    });
    expectOneRefusal(answers, rule, 200);
    expect(payments.created).toHaveLength(rule.limit);
    expect((await (await buyer())()).status).toBe(200);
  });
});

describe("a route with no user (the kit's middleware)", () => {
  const rule = RATE_LIMITS.publishTokens;
  const app = new Hono<{ Bindings: Env }>()
    .post(
      "/make",
      rateLimited(rule, () => null),
      (c) => c.text("made", 201),
    )
    .onError(handleError);
  const from = async (address: string) =>
    app.request("/make", { method: "POST", headers: { "cf-connecting-ip": address } }, env);
  // Addresses of the IPv6 documentation prefix no other test or run uses.
  const address = () => `2001:db8::${crypto.randomUUID().slice(0, 4)}:${crypto.randomUUID().slice(0, 4)}`;

  it("counts callers by cf-connecting-ip: one address's burst leaves another's alone", async () => {
    const { answers, first } = await withinOneWindow(rule, async () => {
      const first = address();
      return { first, answers: await burst(rule.limit + 1, () => from(first)) };
    });
    expectOneRefusal(answers, rule, 201);
    let second = address();
    while (second === first) second = address();
    expect((await from(second)).status).toBe(201);
  });
});
