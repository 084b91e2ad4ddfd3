import path from "node:path";
import type { Plugin } from "esbuild";
import { projectRoot } from "../local-platform/wrangler-env.ts";

/**
 * The modules a scenario imports by name, and the platform files that are them: `scenario`
 * (defineGame and the engine contract's types, docs/authoring.md "The typed game API"). The
 * authors' tsconfig.scenario.json maps the same names for editors, tsc and a build command's
 * esbuild (a unit test holds the two alike); the CLI resolves them itself, so the logic it
 * bundles never depends on a scenario's own tsconfig.json.
 */
export const SCENARIO_MODULES: Readonly<Record<string, string>> = {
  scenario: path.join(projectRoot, "src/engine/scenario.ts"),
  "scenario/test": path.join(projectRoot, "src/room-core/test-room.ts"),
};

/** A name of SCENARIO_MODULES as a pattern that matches it alone (not `scenario/other`). */
const exactly = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}$`);

/** esbuild resolves each name of SCENARIO_MODULES, and only those exact names, to its file. */
export function scenarioModules(): Plugin {
  return {
    name: "scenario-modules",
    setup(build) {
      for (const [name, file] of Object.entries(SCENARIO_MODULES)) {
        build.onResolve({ filter: exactly(name) }, () => ({ path: file }));
      }
    },
  };
}

/** The same for Vite and vitest (`resolve.alias`): a scenario's tests import its logic, which imports `scenario`. */
export function scenarioAliases(): { find: RegExp; replacement: string }[] {
  return Object.entries(SCENARIO_MODULES).map(([name, file]) => ({ find: exactly(name), replacement: file }));
}
