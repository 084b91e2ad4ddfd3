/**
 * Generic list ordering (document 2, ordering operation): a parent owns an ordered list of items,
 * and one call replaces the whole order. Pure: the D1 side (workers/backend/ordering/) reads the
 * parent's items and writes the positions this module computes.
 *
 * A sortable entity has an integer column `position` (default 0) indexed with its parent key;
 * lists read by position ascending, then id ascending (so rows that share a position, e.g. all
 * 0 before the first reorder, still come in a stable order).
 */

/** Item ids are integers (variant A) or strings (GraphQL ID, variant B). */
export type ItemId = number | string;

export interface Positioned<Id extends ItemId> {
  id: Id;
  position: number;
}

/** Order of a sortable list: position ascending, then id ascending. */
export function compareByPosition<Id extends ItemId>(a: Positioned<Id>, b: Positioned<Id>): number {
  if (a.position !== b.position) return a.position - b.position;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** The items in list order (a new array). */
export function inListOrder<Id extends ItemId, T extends Positioned<Id>>(items: readonly T[]): T[] {
  return [...items].sort(compareByPosition);
}

/** What is wrong with a proposed order: each list names ids, in the order they were found. */
export interface ItemSetProblems<Id extends ItemId> {
  /** Items of the parent the proposal leaves out. */
  missing: Id[];
  /** Ids in the proposal that are not items of the parent (unknown or another parent's). */
  unknown: Id[];
  /** Ids the proposal names more than once. */
  duplicates: Id[];
}

export type ItemSetCheck<Id extends ItemId> = { ok: true } | ({ ok: false } & ItemSetProblems<Id>);

/**
 * A new order must name exactly the parent's current items, each once: anything else (missing,
 * extra, duplicate, foreign ids) is refused as a whole, so nothing is changed.
 */
export function checkItemSet<Id extends ItemId>(current: readonly Id[], proposed: readonly Id[]): ItemSetCheck<Id> {
  const items = new Set(current);
  const seen = new Set<Id>();
  // Sets, not arrays: a hostile proposal of many ids must stay linear.
  const unknown = new Set<Id>();
  const duplicates = new Set<Id>();
  for (const id of proposed) {
    if (!items.has(id)) unknown.add(id);
    else if (seen.has(id)) duplicates.add(id);
    else seen.add(id);
  }
  const missing = current.filter((id) => !seen.has(id));
  if (missing.length === 0 && unknown.size === 0 && duplicates.size === 0) return { ok: true };
  return { ok: false, missing, unknown: [...unknown], duplicates: [...duplicates] };
}

/** One line a person can act on, e.g. "missing 3, 4; not an item of this parent: 9". */
export function describeItemSetProblems<Id extends ItemId>(problems: ItemSetProblems<Id>): string {
  const parts: string[] = [];
  if (problems.missing.length > 0) parts.push(`missing ${problems.missing.join(", ")}`);
  if (problems.unknown.length > 0) parts.push(`not an item of this parent: ${problems.unknown.join(", ")}`);
  if (problems.duplicates.length > 0) parts.push(`named more than once: ${problems.duplicates.join(", ")}`);
  return parts.join("; ");
}

/**
 * The most items one reorder may name: every item is one statement of the batch, and D1 counts
 * each against the queries a Worker invocation may make (1000 on the paid plan).
 */
export const MAX_REORDER_ITEMS = 500;

/** The writes of a new order: the item at index i gets position i (zero-based). */
export function positionsOf<Id extends ItemId>(orderedIds: readonly Id[]): Positioned<Id>[] {
  return orderedIds.map((id, position) => ({ id, position }));
}

/** What a reorder came to; only "reordered" changed anything. */
export type ReorderOutcome<Id extends ItemId> =
  | { outcome: "reordered" }
  /** The caller has no permission on the parent (checked before anything else). */
  | { outcome: "forbidden" }
  | { outcome: "no_parent" }
  /** More ids than MAX_REORDER_ITEMS: refused before anything is read. */
  | { outcome: "too_many_items"; limit: number }
  | ({ outcome: "invalid_item_set" } & ItemSetProblems<Id>);
