import type { Seat } from "../engine/types.ts";

/** The `scenario dev` harness (tools/cli): GET /harness/config, and each `revision` event. */
export interface HarnessPageConfig {
  revisionId: string;
  roster: Seat[];
  spectator: boolean;
  /** Why the latest rebuild failed, until one succeeds; the seats play `revisionId` meanwhile. */
  failure: BuildFailure | null;
}

/** A rebuild that failed: what failed (`summary`), where, and the build command's last output. */
export interface BuildFailure {
  /** One sentence: "The logic did not build", "The build command "tsc" exited with 2", ... */
  summary: string;
  /** The errors with a place in the source, first first (esbuild reports one per file). */
  problems: BuildProblem[];
  /** The last lines the manifest's build command printed (a compiler's errors), or null. */
  output: string | null;
}

/** One error in a source file of the scenario. */
export interface BuildProblem {
  /** Path from the scenario folder. */
  file: string;
  /** From 1; null when the problem is the file's as a whole (no default export). */
  line: number | null;
  /** From 1. */
  column: number | null;
  /** The source line the error is on, as written. */
  lineText: string | null;
  message: string;
}
