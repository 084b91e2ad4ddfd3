/**
 * The scripts of the server-rendered pages (browser/pages/) and the client auth-log library
 * (browser/auth-log/), each bundled by esbuild into the file its page loads from the app's
 * /assets/ (public/<app>/, served by the ASSETS binding). Built files are not committed: dev,
 * tests and `npm run build` build them first.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { projectRoot } from "../local-platform/wrangler-env.ts";

export interface PageScript {
  /** The TypeScript entry, from the project root. */
  entry: string;
  /** The built file, from the project root (under public/). */
  output: string;
  /** esm for `<script type="module">`; iife for a classic script (the login page, the auth-log library). */
  format: "esm" | "iife";
}

export const AUTH_LOG_SCRIPT: PageScript = {
  entry: "browser/auth-log/browser.ts",
  output: "public/auth/auth-log.js",
  format: "iife",
};

/** The `scenario dev` harness page's script: the CLI bundles it when it starts and serves it itself. */
export const HARNESS_SCRIPT = { entry: "browser/harness/harness.ts", format: "esm" } as const;

export const PAGE_SCRIPTS: readonly PageScript[] = [
  { entry: "browser/pages/login/login.ts", output: "public/auth/login.js", format: "iife" },
  // The social providers' return page ({AUTH_URL}/login/callback).
  { entry: "browser/pages/login/social-callback.ts", output: "public/auth/login-callback.js", format: "iife" },
  { entry: "browser/pages/publish-tokens/publish-tokens.ts", output: "public/auth/publish-tokens.js", format: "esm" },
  { entry: "browser/pages/product-order/product-order.ts", output: "public/backend/product-order.js", format: "esm" },
  {
    entry: "browser/pages/operator-console/console-sign-in.ts",
    output: "public/backend/console-sign-in.js",
    format: "esm",
  },
  { entry: "browser/pages/lobby/lobby.ts", output: "public/rooms/lobby.js", format: "esm" },
  { entry: "browser/pages/lobby/quick-play.ts", output: "public/rooms/quick-play.js", format: "esm" },
  // The dev IdP's reCAPTCHA stand-in (dev only), served at {IDP_URL}/recaptcha/api.js, and the
  // script its frame ({IDP_URL}/recaptcha/frame) inlines.
  { entry: "browser/dev-idp/recaptcha.ts", output: "public/idp/recaptcha.js", format: "iife" },
  { entry: "browser/dev-idp/recaptcha-frame.ts", output: "public/idp/recaptcha-frame.js", format: "iife" },
  AUTH_LOG_SCRIPT,
];

/** One script as its page loads it. */
export async function bundlePageScript(script: Pick<PageScript, "entry" | "format">): Promise<string> {
  const result = await build({
    entryPoints: [path.join(projectRoot, script.entry)],
    bundle: true,
    write: false,
    format: script.format,
    platform: "browser",
    target: "es2022",
    legalComments: "none",
    logLevel: "silent",
    banner: { js: `// Built from ${script.entry} (tools/build/pages.ts). Do not edit.` },
  });
  return (result.outputFiles[0] as { text: string }).text;
}

/**
 * Builds every page script. Each file is written beside its place and then renamed over it, so
 * a Worker serving public/ (a test run beside this one) never reads one half-written.
 */
export async function buildPageScripts(): Promise<void> {
  await Promise.all(
    PAGE_SCRIPTS.map(async (script) => {
      const target = path.join(projectRoot, script.output);
      mkdirSync(path.dirname(target), { recursive: true });
      const scratch = `${target}.${process.pid}-${Date.now()}.tmp`;
      writeFileSync(scratch, await bundlePageScript(script));
      renameSync(scratch, target);
    }),
  );
}
