import { and, eq, sql } from "drizzle-orm";
import { consumableProducts, productLists, type StoreName } from "../../../src/db/backend-schema";
import type { CoinLedger } from "../../../src/ledger/coin-ledger";
import type { BackendDrizzle, SortableList } from "./sortable-list";

/** The product list (parent of the store's product order) of a store, or of an id. */
export async function productListOf(
  db: BackendDrizzle,
  by: { store: StoreName } | { id: number },
): Promise<{ id: number; store: StoreName } | null> {
  const [row] = await db
    .select()
    .from(productLists)
    .where("store" in by ? eq(productLists.store, by.store) : eq(productLists.id, by.id));
  return row ?? null;
}

/**
 * Variant A's sortable entity: the products of a store's product list. A product's id is the id
 * of its first revision (consumable_products keeps one row per revision); its position is written
 * on every revision, so whichever revision is current carries it.
 */
export function productList(db: BackendDrizzle, ledger: CoinLedger): SortableList<number, number> {
  return {
    async itemIds(listId) {
      const list = await productListOf(db, { id: listId });
      if (!list) return null;
      return (await ledger.currentProducts(list.store)).map((product) => product.productKey);
    },
    setPosition(listId, productKey, position) {
      return db
        .update(consumableProducts)
        .set({ position })
        .where(
          and(
            eq(consumableProducts.store, sql`(select l.store from product_lists l where l.id = ${listId})`),
            eq(
              consumableProducts.productId,
              sql`(select p.product_id from consumable_products p where p.id = ${productKey})`,
            ),
          ),
        );
    },
  };
}
