import type { BatchItem } from "drizzle-orm/batch";
import type { backendDb } from "../../../src/db/client";
import {
  checkItemSet,
  type ItemId,
  MAX_REORDER_ITEMS,
  positionsOf,
  type ReorderOutcome,
} from "../../../src/ordering/order";

export type BackendDrizzle = ReturnType<typeof backendDb>;

/**
 * A sortable entity in BACKEND_DB: how to read a parent's items in list order and how to write
 * one item's position. `reorderList` does the rest, the same way for every entity.
 */
export interface SortableList<ParentId, Id extends ItemId> {
  /** The parent's item ids by position asc, id asc; null when there is no such parent. */
  itemIds(parentId: ParentId): Promise<Id[] | null>;
  /** The statement giving one item of the parent its position (it must not touch other parents). */
  setPosition(parentId: ParentId, id: Id, position: number): BatchItem<"sqlite">;
}

export interface ReorderRequest<ParentId, Id extends ItemId> {
  parentId: ParentId;
  /** The full new order. */
  ids: readonly Id[];
  /** The caller's permission on the parent: asked first, before anything else is read. */
  mayReorder(): Promise<boolean>;
}

/**
 * Replaces the order of a parent's items (document 2, ordering rules 1-3): the permission first;
 * then at most MAX_REORDER_ITEMS ids, exactly the parent's current items; the item at index i gets position i,
 * all writes in one D1 batch, which is atomic: a failing statement rolls every write back.
 */
export async function reorderList<ParentId, Id extends ItemId>(
  db: BackendDrizzle,
  list: SortableList<ParentId, Id>,
  request: ReorderRequest<ParentId, Id>,
): Promise<ReorderOutcome<Id>> {
  if (!(await request.mayReorder())) return { outcome: "forbidden" };
  if (request.ids.length > MAX_REORDER_ITEMS) return { outcome: "too_many_items", limit: MAX_REORDER_ITEMS };
  const current = await list.itemIds(request.parentId);
  if (current === null) return { outcome: "no_parent" };
  const check = checkItemSet(current, request.ids);
  if (!check.ok) {
    const { ok: _ok, ...problems } = check;
    return { outcome: "invalid_item_set", ...problems };
  }
  const [first, ...rest] = positionsOf(request.ids).map(({ id, position }) =>
    list.setPosition(request.parentId, id, position),
  );
  if (first) await db.batch([first, ...rest]);
  return { outcome: "reordered" };
}
