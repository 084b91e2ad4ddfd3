import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { consumableProducts, revisions, scenarios } from "../../src/db/backend-schema";
import { backendDb } from "../../src/db/client";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";
import { API, unique, webProduct } from "./helpers/payments";

const db = backendDb(env);

interface GraphQLResult {
  status: number;
  body: { data?: any; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GraphQLResult> {
  const response = await exports.default.fetch(`${API}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GraphQLResult["body"] };
}

const tokenOf = (uid: string, claims: Record<string, unknown> = {}) =>
  signIdToken({ ...idTokenClaims(uid), ...claims });
const adminToken = () => tokenOf(unique("operator"), { admin: true });

const REORDER_PRODUCTS = `mutation($input: ReorderConsumableProductsInput!) {
  reorderConsumableProducts(input: $input) { id productId position }
}`;
const REORDER_REVISIONS = `mutation($input: ReorderScenarioRevisionsInput!) {
  reorderScenarioRevisions(input: $input) { succeeded }
}`;

interface ListedProduct {
  id: number;
  productId: string;
  position: number;
}

async function webList(): Promise<{ id: number; products: ListedProduct[] }> {
  const { body } = await graphql("{ productList(store: WEB) { id products { id productId position } } }");
  return body.data.productList;
}

/** Positions as stored, per product id: every revision row of a product. */
async function storedPositions(): Promise<Record<string, number[]>> {
  const rows = await db.select().from(consumableProducts);
  const byProduct: Record<string, number[]> = {};
  for (const row of rows.filter((r) => r.store === "WEB")) {
    byProduct[row.productId] = [...(byProduct[row.productId] ?? []), row.position];
  }
  return byProduct;
}

/** Some WEB products (besides those earlier tests of this file made); the full list after them. */
async function withProducts(count: number) {
  for (let i = 0; i < count; i++) await webProduct(unique("ord"), 100 * (i + 1));
  return webList();
}

const triggers: string[] = [];
/** A real failure inside the batch: an update of `table` rows matching `when` aborts the statement. */
async function failUpdatesOf(table: string, when: string): Promise<void> {
  const name = `inject_failure_${triggers.length}`;
  triggers.push(name);
  await env.BACKEND_DB.exec(
    `CREATE TRIGGER ${name} BEFORE UPDATE OF position ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
  );
}
afterEach(async () => {
  for (const name of triggers.splice(0)) await env.BACKEND_DB.exec(`DROP TRIGGER IF EXISTS ${name}`);
});

function errorOf(result: GraphQLResult) {
  expect(result.body.errors, JSON.stringify(result.body)).toHaveLength(1);
  return result.body.errors?.[0] as { message: string; extensions: Record<string, unknown> };
}

describe("variant A: reorderConsumableProducts (the store's product order)", () => {
  it("puts item i at position i, answers the products in the new order, and the store's list follows", async () => {
    const list = await withProducts(3);
    const reversed = list.products.map((p) => p.id).reverse();
    const { body } = await graphql(
      REORDER_PRODUCTS,
      { input: { parentId: list.id, itemIds: reversed } },
      await adminToken(),
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.reorderConsumableProducts).toEqual(
      reversed.map((id, position) => ({ id, productId: list.products.find((p) => p.id === id)?.productId, position })),
    );
    // What the store server lists (currentConsumableProducts(store: WEB)) is in the same order.
    const current = await graphql("{ currentConsumableProducts(store: WEB) { id position } }");
    expect(current.body.data.currentConsumableProducts.map((p: ListedProduct) => p.id)).toEqual(reversed);
  });

  it("a product keeps its place when its price gets a new revision", async () => {
    const list = await withProducts(2);
    const order = list.products.map((p) => p.id).reverse();
    await graphql(REORDER_PRODUCTS, { input: { parentId: list.id, itemIds: order } }, await adminToken());
    const last = list.products[0] as ListedProduct;
    await db.insert(consumableProducts).values({
      productId: last.productId,
      store: "WEB",
      coinCount: 999,
      subscriptionBonusRate: 0.1,
      appliedAt: new Date(Date.now() - 1_000),
    });
    const after = await webList();
    expect(after.products.map((p) => p.id)).toEqual(order);
    expect(after.products.at(-1)).toMatchObject({ id: last.id, productId: last.productId, position: order.length - 1 });
  });

  it("products that share a position come by product id (the first revision's), not by revision", async () => {
    const first = unique("tie");
    const second = unique("tie");
    await webProduct(first, 10, 0, 7_000_000);
    await webProduct(second, 20, 0, 7_000_000);
    // A newer revision of `first` has a higher row id than `second`; the product id stays lower.
    await db.insert(consumableProducts).values({
      productId: first,
      store: "WEB",
      coinCount: 11,
      appliedAt: new Date(Date.now() - 1_000),
      position: 7_000_000,
    });
    const ours = (await webList()).products.filter((p) => p.productId === first || p.productId === second);
    expect(ours.map((p) => p.productId)).toEqual([first, second]);
    expect((ours[0] as ListedProduct).id).toBeLessThan((ours[1] as ListedProduct).id);
  });

  it("a failure in the middle of the batch leaves the whole previous order (all or nothing)", async () => {
    const list = await withProducts(3);
    // A known order first (positions 0..n-1), so the first write of the next batch moves the
    // last product to 0: a real change that must be rolled back.
    const token = await adminToken();
    const saved = await graphql(
      REORDER_PRODUCTS,
      { input: { parentId: list.id, itemIds: list.products.map((p) => p.id) } },
      token,
    );
    expect(saved.body.errors).toBeUndefined();
    const before = await storedPositions();
    const ids = list.products.map((p) => p.id).reverse();
    // The second write of the batch fails; the first has already run inside the batch.
    const victim = list.products.find((p) => p.id === ids[1]) as ListedProduct;
    await failUpdatesOf("consumable_products", `NEW.product_id = '${victim.productId}'`);
    const result = await graphql(REORDER_PRODUCTS, { input: { parentId: list.id, itemIds: ids } }, token);
    expect(result.body.data ?? null).toBeNull();
    expect(result.body.errors?.length).toBe(1);
    expect(await storedPositions()).toEqual(before);
    expect((await webList()).products.map((p) => p.id)).toEqual(list.products.map((p) => p.id));
  });

  describe("permission on the parent", () => {
    it("a signed-in user without the admin claim: FORBIDDEN (403), nothing changed", async () => {
      const list = await withProducts(2);
      const ids = list.products.map((p) => p.id).reverse();
      const result = await graphql(
        REORDER_PRODUCTS,
        { input: { parentId: list.id, itemIds: ids } },
        await tokenOf(unique("user")),
      );
      expect(result.status).toBe(403);
      expect(errorOf(result).extensions.code).toBe("FORBIDDEN");
      expect((await webList()).products).toEqual(list.products);
    });

    it("is checked before the ids: a non-admin with a wrong id set still gets FORBIDDEN", async () => {
      const list = await webList();
      const result = await graphql(
        REORDER_PRODUCTS,
        { input: { parentId: list.id, itemIds: [-1] } },
        await tokenOf(unique("user")),
      );
      expect(errorOf(result).extensions.code).toBe("FORBIDDEN");
    });

    it("without an ID token: UNAUTHENTICATED; a publish-token ID token counts as none", async () => {
      const list = await webList();
      const ids = list.products.map((p) => p.id);
      const anonymous = await graphql(REORDER_PRODUCTS, { input: { parentId: list.id, itemIds: ids } });
      expect(errorOf(anonymous).extensions.code).toBe("UNAUTHENTICATED");
      const publishToken = await tokenOf(unique("ci"), { admin: true, publish_token: true });
      const asPublisher = await graphql(REORDER_PRODUCTS, { input: { parentId: list.id, itemIds: ids } }, publishToken);
      expect(errorOf(asPublisher).extensions.code).toBe("UNAUTHENTICATED");
    });
  });

  describe("the ids must be exactly the list's current products", () => {
    it.each([
      [
        "one missing",
        (ids: number[]) => ids.slice(1),
        (ids: number[]) => ({ missing: [ids[0]], unknown: [], duplicates: [] }),
      ],
      [
        "an extra unknown id",
        (ids: number[]) => [...ids, 987_654_321],
        () => ({ missing: [], unknown: [987_654_321], duplicates: [] }),
      ],
      [
        "a duplicate",
        (ids: number[]) => [ids[0] as number, ...ids],
        (ids: number[]) => ({ missing: [], unknown: [], duplicates: [ids[0]] }),
      ],
    ])("%s: BAD_USER_INPUT naming the ids, nothing changed", async (_name, change, problems) => {
      const list = await withProducts(2);
      const ids = list.products.map((p) => p.id);
      const before = await storedPositions();
      const result = await graphql(
        REORDER_PRODUCTS,
        { input: { parentId: list.id, itemIds: change([...ids].reverse()) } },
        await adminToken(),
      );
      const error = errorOf(result);
      expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", ...problems([...ids].reverse()) });
      expect(error.message).toMatch(/exactly the current items/);
      expect(await storedPositions()).toEqual(before);
    });

    it("a product of another store's list (a foreign id): BAD_USER_INPUT, nothing changed", async () => {
      const foreign = unique("ios");
      await db.insert(consumableProducts).values({
        productId: foreign,
        store: "IOS_STORE",
        coinCount: 5,
        appliedAt: new Date(Date.now() - 60_000),
      });
      const ios = await graphql("{ productList(store: IOS_STORE) { id products { id productId } } }");
      const foreignId = ios.body.data.productList.products.find((p: ListedProduct) => p.productId === foreign).id;
      const list = await webList();
      const ids = [...list.products.map((p) => p.id).slice(1), foreignId];
      const before = await storedPositions();
      const result = await graphql(
        REORDER_PRODUCTS,
        { input: { parentId: list.id, itemIds: ids } },
        await adminToken(),
      );
      expect(errorOf(result).extensions).toMatchObject({ code: "BAD_USER_INPUT", unknown: [foreignId] });
      expect(await storedPositions()).toEqual(before);
    });

    it("an unknown list: NOT_FOUND", async () => {
      const result = await graphql(REORDER_PRODUCTS, { input: { parentId: 424_242, itemIds: [] } }, await adminToken());
      expect(errorOf(result).extensions.code).toBe("NOT_FOUND");
    });
  });
});

describe("variant B: reorderScenarioRevisions (admin role on the scenario)", () => {
  /** A scenario owned by `owner` with `count` published revisions. */
  async function scenarioWithRevisions(owner: string, count: number): Promise<{ scenarioId: string; ids: string[] }> {
    const scenarioId = unique("scn");
    await db.insert(scenarios).values({ id: scenarioId, ownerUid: owner, createdAt: new Date() });
    const ids = Array.from({ length: count }, (_, i) => `${scenarioId}-rev-${i}`);
    await db.insert(revisions).values(
      ids.map((id) => ({
        id,
        scenarioId,
        uploaderUid: owner,
        name: id,
        playerCount: 2,
        hasLogic: true,
        clientZipBytes: 10,
        logicBytes: 10,
        createdAt: new Date(),
      })),
    );
    return { scenarioId, ids };
  }

  async function listed(scenarioId: string, token: string): Promise<string[]> {
    const { body } = await graphql(
      "query($id: ID!) { scenarioRevisions(scenarioId: $id) { id position } }",
      { id: scenarioId },
      token,
    );
    expect(body.errors).toBeUndefined();
    return body.data.scenarioRevisions.map((r: { id: string }) => r.id);
  }

  it("the owner reorders: succeeded, item i at position i; revisions at the same position come by id", async () => {
    const owner = unique("author");
    const token = await tokenOf(owner);
    const { scenarioId, ids } = await scenarioWithRevisions(owner, 3);
    expect(await listed(scenarioId, token)).toEqual(ids); // all at position 0: by id
    const order = [ids[2], ids[0], ids[1]];
    const { body } = await graphql(REORDER_REVISIONS, { input: { ids: order, parentId: scenarioId } }, token);
    expect(body).toEqual({ data: { reorderScenarioRevisions: { succeeded: true } } });
    expect(await listed(scenarioId, token)).toEqual(order);
    const rows = await db.select({ id: revisions.id, position: revisions.position }).from(revisions);
    expect(order.map((id) => rows.find((r) => r.id === id)?.position)).toEqual([0, 1, 2]);
  });

  it("a platform admin (admin claim) holds the admin role on every scenario", async () => {
    const { scenarioId, ids } = await scenarioWithRevisions(unique("author"), 2);
    const token = await adminToken();
    const { body } = await graphql(
      REORDER_REVISIONS,
      { input: { ids: [...ids].reverse(), parentId: scenarioId } },
      token,
    );
    expect(body.data.reorderScenarioRevisions.succeeded).toBe(true);
    expect(await listed(scenarioId, token)).toEqual([...ids].reverse());
  });

  it("another signed-in user: FORBIDDEN (403), checked before the ids, nothing changed", async () => {
    const owner = unique("author");
    const { scenarioId, ids } = await scenarioWithRevisions(owner, 2);
    const stranger = await tokenOf(unique("stranger"));
    const refused = await graphql(
      REORDER_REVISIONS,
      { input: { ids: [...ids].reverse(), parentId: scenarioId } },
      stranger,
    );
    expect(refused.status).toBe(403);
    expect(errorOf(refused).extensions.code).toBe("FORBIDDEN");
    const wrongSet = await graphql(REORDER_REVISIONS, { input: { ids: ["nope"], parentId: scenarioId } }, stranger);
    expect(errorOf(wrongSet).extensions.code).toBe("FORBIDDEN");
    const reading = await graphql(
      "query($id: ID!) { scenarioRevisions(scenarioId: $id) { id } }",
      { id: scenarioId },
      stranger,
    );
    expect(errorOf(reading).extensions.code).toBe("FORBIDDEN");
    expect(await listed(scenarioId, await tokenOf(owner))).toEqual(ids);
  });

  it("a scenario that does not exist: FORBIDDEN for a user, NOT_FOUND for a platform admin", async () => {
    const input = { ids: [], parentId: unique("missing") };
    expect(errorOf(await graphql(REORDER_REVISIONS, { input }, await tokenOf(unique("user")))).extensions.code).toBe(
      "FORBIDDEN",
    );
    expect(errorOf(await graphql(REORDER_REVISIONS, { input }, await adminToken())).extensions.code).toBe("NOT_FOUND");
  });

  it("missing, duplicate and another scenario's revisions: BAD_USER_INPUT, nothing changed", async () => {
    const owner = unique("author");
    const token = await tokenOf(owner);
    const { scenarioId, ids } = await scenarioWithRevisions(owner, 3);
    const other = await scenarioWithRevisions(owner, 1);
    const foreign = other.ids[0] as string;
    const result = await graphql(
      REORDER_REVISIONS,
      { input: { ids: [ids[1], ids[1], foreign, ids[0]], parentId: scenarioId } },
      token,
    );
    expect(errorOf(result).extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      missing: [ids[2]],
      unknown: [foreign],
      duplicates: [ids[1]],
    });
    expect(await listed(scenarioId, token)).toEqual(ids);
    expect(await listed(other.scenarioId, token)).toEqual([foreign]);
  });

  it("a failure in the middle of the batch leaves the previous order", async () => {
    const owner = unique("author");
    const token = await tokenOf(owner);
    const { scenarioId, ids } = await scenarioWithRevisions(owner, 3);
    const order = [ids[1], ids[2], ids[0]];
    await graphql(REORDER_REVISIONS, { input: { ids: order, parentId: scenarioId } }, token);
    await failUpdatesOf("revisions", `NEW.id = '${ids[1]}'`);
    const result = await graphql(REORDER_REVISIONS, { input: { ids, parentId: scenarioId } }, token);
    expect(result.body.data ?? null).toBeNull();
    expect(await listed(scenarioId, token)).toEqual(order);
  });
});

describe("the operator page GET {API_URL}/admin/product-order", () => {
  it("is a shell that signs in as the admin client, with a strict CSP, and its script and stylesheet are served", async () => {
    const response = await exports.default.fetch(`${API}/admin/product-order`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain(`script-src ${API}/assets/;`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    const config = JSON.parse(
      /<script type="application\/json" id="product-order-config">(.*?)<\/script>/.exec(html)?.[1] ?? "{}",
    );
    const login = new URL(config.loginUrl);
    expect(login.pathname).toBe("/auth/login");
    expect(login.searchParams.get("client_id")).toBe("admin");
    expect(login.searchParams.get("redirect_uri")).toBe(`${API}/admin/product-order`);
    expect(config.graphqlUrl).toBe(`${API}/graphql`);
    // "Use another account" ends the SSO session first, or /login would bring the same account back.
    const logout = new URL(config.logoutUrl);
    expect(logout.pathname).toBe("/auth/api/logout");
    expect(logout.searchParams.get("redirect_uri")).toBe(`${API}/admin/product-order`);
    expect(html).toContain(`<a href="${logout.href.replace(/&/g, "&amp;")}">Use another account</a>`);
    expect(html).toContain('aria-live="assertive"');
    for (const asset of ["product-order.js", "product-order.css"]) {
      expect((await exports.default.fetch(`${API}/assets/${asset}`)).status).toBe(200);
    }
    const missing = await exports.default.fetch(`${API}/assets/..%2Fauth%2Flogin.js`);
    expect(missing.status).toBe(404);
  });
});

describe("limits", () => {
  it("a reorder naming more than 500 ids: BAD_USER_INPUT with the limit, after the permission check", async () => {
    const list = await webList();
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    const refused = await graphql(REORDER_PRODUCTS, { input: { parentId: list.id, itemIds: ids } }, await adminToken());
    expect(errorOf(refused).extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: 500 });
    const stranger = await graphql(
      REORDER_PRODUCTS,
      { input: { parentId: list.id, itemIds: ids } },
      await tokenOf(unique("user")),
    );
    expect(errorOf(stranger).extensions.code).toBe("FORBIDDEN");
  });
});
