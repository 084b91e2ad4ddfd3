import type { Seat } from "../engine/types.ts";

/** The `scenario dev` harness (tools/cli): GET /harness/config, and each `revision` event. */
export interface HarnessPageConfig {
  revisionId: string;
  roster: Seat[];
  spectator: boolean;
}
