import { randomHexId } from "./code-keys";

/**
 * A registered revision as the rooms play it: the backend's `revisions` row, read through the
 * backend's port (workers/backend/ports/revisions.ts).
 */
export interface PublishedRevision {
  id: string;
  name: string | null;
  /** The manifest's playerCount; null when it has none. */
  playerCount: number | null;
  /** false for a solo game (no serverActionLogicPath): it plays in the browser, without a room. */
  hasLogic: boolean;
  /**
   * The client file set it serves (code-keys.ts); null for a revision registered before client
   * zips were extracted at upload (docs/decisions/0079-client-zips-are-extracted-once-at-upload.md), which must be published again.
   */
  clientFiles: string | null;
}

/** A revision id: the scenario id made safe as an R2 key part and room name, and 64 random bits. */
export function newRevisionId(scenarioId: string): string {
  const slug =
    scenarioId
      .replace(/[^A-Za-z0-9._-]/g, "-")
      .replace(/^[^A-Za-z0-9]+/, "")
      .slice(0, 48) || "scenario";
  return `${slug}-${randomHexId()}`;
}
