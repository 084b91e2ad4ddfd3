/**
 * `npm run build:store`: the store's single-page app (browser/store, Preact) built by Vite into
 * public/store/, which the Worker's ASSETS binding serves. Built files are not committed: dev,
 * tests and `npm run build` run this first. Relative asset URLs (base "./") let one build serve
 * the store under /store in dev and at the root of its own host in stg and prd.
 */
import { renameSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { projectRoot } from "../local-platform/wrangler-env.ts";

export const STORE_PAGE_DIR = path.join(projectRoot, "public", "store");

/**
 * Builds into a folder of its own, then swaps it in, so a Worker serving public/store/ (a test
 * run beside this one) never sees it half-written.
 */
export async function buildStorePage(): Promise<void> {
  const outDir = path.join(projectRoot, "public", `.store-build-${process.pid}-${Date.now()}`);
  await build({
    configFile: false,
    root: path.join(projectRoot, "browser", "store"),
    base: "./",
    logLevel: "warn",
    oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
    build: {
      outDir,
      emptyOutDir: true,
      target: "es2022",
      // One small bundle; no inline scripts, so the page's CSP can forbid them.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
    },
  });
  rmSync(STORE_PAGE_DIR, { recursive: true, force: true });
  renameSync(outDir, STORE_PAGE_DIR);
}
