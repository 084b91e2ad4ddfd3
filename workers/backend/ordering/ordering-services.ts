import { asc, eq } from "drizzle-orm";
import { revisions } from "../../../src/db/backend-schema";
import type { OrderingServices } from "../../../src/graphql/ordering-services";
import type { CoinLedger } from "../../../src/ledger/coin-ledger";
import { productList, productListOf } from "./product-list";
import { isScenarioAdmin, scenarioRevisionList } from "./revision-list";
import { type BackendDrizzle, reorderList } from "./sortable-list";

/** The ordering operation over BACKEND_DB (resolvers: src/graphql/ordering-resolvers.ts). */
export function orderingServices(db: BackendDrizzle, ledger: CoinLedger): OrderingServices {
  const products = productList(db, ledger);
  const scenarioRevisions = scenarioRevisionList(db);
  return {
    async productList(store) {
      const list = await productListOf(db, { store });
      // The migration makes one list per store; a missing one is a broken database.
      if (!list) throw new Error(`product_lists has no row for ${store}`);
      return list;
    },
    productListById: (listId) => productListOf(db, { id: listId }),
    // Store products are ordered by the platform's operators: the admin claim.
    reorderProducts: (caller, listId, itemIds) =>
      reorderList(db, products, { parentId: listId, ids: itemIds, mayReorder: async () => caller.admin }),
    async scenarioRevisions(caller, scenarioId) {
      if (!(await isScenarioAdmin(db, scenarioId, caller))) return null;
      return db
        .select({ id: revisions.id, name: revisions.name, position: revisions.position })
        .from(revisions)
        .where(eq(revisions.scenarioId, scenarioId))
        .orderBy(asc(revisions.position), asc(revisions.id));
    },
    reorderScenarioRevisions: (caller, scenarioId, ids) =>
      reorderList(db, scenarioRevisions, {
        parentId: scenarioId,
        ids,
        mayReorder: () => isScenarioAdmin(db, scenarioId, caller),
      }),
  };
}
