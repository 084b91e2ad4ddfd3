import type { ReorderOutcome } from "../ordering/order";
import type { ScenarioRevision, Store } from "./generated/resolvers";
import type { ProductListParent } from "./models";

/** Who calls, as the ordering operation needs it: the ID token's uid and its admin claim. */
export interface OrderingCaller {
  uid: string;
  admin: boolean;
}

/** The ordering operation's backend calls (workers/backend/ordering/). */
export interface OrderingServices {
  productList(store: Store): Promise<ProductListParent>;
  /** Variant A: permission (platform admin) first, then the item set, then one batch. */
  reorderProducts(caller: OrderingCaller, listId: number, itemIds: readonly number[]): Promise<ReorderOutcome<number>>;
  productListById(listId: number): Promise<ProductListParent | null>;
  /** null: the caller has no admin role on the scenario (or there is no such scenario). */
  scenarioRevisions(caller: OrderingCaller, scenarioId: string): Promise<ScenarioRevision[] | null>;
  /** Variant B: the admin role on the scenario first, then the item set, then one batch. */
  reorderScenarioRevisions(
    caller: OrderingCaller,
    scenarioId: string,
    ids: readonly string[],
  ): Promise<ReorderOutcome<string>>;
}
