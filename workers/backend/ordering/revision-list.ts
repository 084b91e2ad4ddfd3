import { and, asc, eq } from "drizzle-orm";
import { revisions, scenarios } from "../../../src/db/backend-schema";
import type { BackendDrizzle, SortableList } from "./sortable-list";

/**
 * Variant B's sortable entity: the published revisions of a scenario (parent: the scenario id,
 * items: revision ids, both GraphQL IDs).
 */
export function scenarioRevisionList(db: BackendDrizzle): SortableList<string, string> {
  return {
    async itemIds(scenarioId) {
      const [scenario] = await db.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.id, scenarioId));
      if (!scenario) return null;
      const rows = await db
        .select({ id: revisions.id })
        .from(revisions)
        .where(eq(revisions.scenarioId, scenarioId))
        .orderBy(asc(revisions.position), asc(revisions.id));
      return rows.map((row) => row.id);
    },
    setPosition(scenarioId, revisionId, position) {
      return db
        .update(revisions)
        .set({ position })
        .where(and(eq(revisions.id, revisionId), eq(revisions.scenarioId, scenarioId)));
    },
  };
}

/**
 * The admin role on a scenario: its owner (the first publisher, who manages it) holds it, and so
 * does a platform admin (ID-token claim admin), as for publishing.
 */
export async function isScenarioAdmin(
  db: BackendDrizzle,
  scenarioId: string,
  caller: { uid: string; admin: boolean },
): Promise<boolean> {
  if (caller.admin) return true;
  const [scenario] = await db
    .select({ ownerUid: scenarios.ownerUid })
    .from(scenarios)
    .where(eq(scenarios.id, scenarioId));
  return scenario?.ownerUid === caller.uid;
}
