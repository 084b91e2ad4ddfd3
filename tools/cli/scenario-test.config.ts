/**
 * The vitest config `scenario test` runs a scenario's tests with (test-command.ts): every
 * `*.test.ts` (or .js) under the scenario's folder, with the test room and vitest itself resolved
 * from this project, so a scenario folder needs no node_modules of its own.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { scenarioAliases } from "./scenario-imports.ts";

const projectRoot = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);

/** vitest's own entry: a test imports { describe, it, expect } from "vitest". */
const vitestEntry = path.join(path.dirname(require.resolve("vitest/package.json")), "dist/index.js");

export default defineConfig({
  // Vite's cache stays in this project, not in the author's folder.
  cacheDir: path.join(projectRoot, "node_modules/.vite/scenario-test"),
  resolve: {
    alias: [
      // `scenario` (the logic's defineGame) and `scenario/test` (the test room), as the CLI bundles them.
      ...scenarioAliases(),
      { find: /^vitest$/, replacement: vitestEntry },
    ],
  },
  test: {
    fsModuleCachePath: path.join(projectRoot, "node_modules/.vitest-cache/scenario-test"),
    include: ["**/*.test.{ts,mts,js,mjs}"],
    exclude: ["**/node_modules/**", "**/dist/**"],
    environment: "node",
  },
});
