import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";
import { API, standInPrice, unique, webProduct } from "./helpers/payments";
import { STORE } from "./store-support";

async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const response = await exports.default.fetch(`${API}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

async function storeOrder(): Promise<string[]> {
  const response = await exports.default.fetch(`${STORE}/api/products?currency=jpy`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { products: { productId: string }[] };
  return body.products.map((product) => product.productId);
}

describe("the store lists products in the order set by reorderConsumableProducts", () => {
  it("GET /api/products follows the product order", async () => {
    const names = [unique("ordered"), unique("ordered"), unique("ordered")];
    for (const name of names) {
      await webProduct(name, 100);
      await standInPrice(name);
    }
    const { data } = await graphql("{ productList(store: WEB) { id products { id productId } } }");
    const products = data.productList.products as { id: number; productId: string }[];
    const reversed = [...products].reverse();
    const admin = await signIdToken({ ...idTokenClaims(unique("operator")), admin: true });
    const result = await graphql(
      "mutation($input: ReorderConsumableProductsInput!) { reorderConsumableProducts(input: $input) { id } }",
      { input: { parentId: data.productList.id, itemIds: reversed.map((p) => p.id) } },
      admin,
    );
    expect(result.errors).toBeUndefined();
    const listed = await storeOrder();
    expect(listed.filter((id) => names.includes(id))).toEqual([...names].reverse());
    expect(listed).toEqual(reversed.map((p) => p.productId).filter((id) => listed.includes(id)));
  });
});
