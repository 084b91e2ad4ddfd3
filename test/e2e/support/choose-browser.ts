/**
 * Which Chromium the e2e tests drive. The e2e project's global setup chooses once per run, logs
 * the choice, and hands it to every test file (`inject("e2eBrowser")`, see browser.ts):
 *
 * - `CHROMIUM_PATH`, when set: that binary and nothing else;
 * - else Debian's `/usr/bin/chromium`, when it is there and launches;
 * - else the Chromium shipped inside the `@sparticuz/chromium` devDependency, extracted once
 *   into `node_modules/.cache/` (so `npm install && npm test` need no browser on the machine).
 *
 * `E2E_BROWSER=system` allows only the first two, `E2E_BROWSER=npm` only the last.
 */
import { execFile } from "node:child_process";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { type Browser, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { z } from "zod";
import { projectRoot } from "../../../tools/local-platform/wrangler-env.ts";

export interface BrowserChoice {
  /** What the log line calls it. */
  label: string;
  executablePath: string;
  /** Variables set for the browser process only (on top of the test process's environment). */
  env: Record<string, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2eBrowser: BrowserChoice;
  }
}

/** The flags of TOOLCHAIN.md, the same for either browser. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function launchBrowser(choice: BrowserChoice, timeout?: number, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: choice.executablePath,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    env: { ...process.env, ...choice.env },
    timeout,
  });
}

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const NPM_PACKAGE = path.join(projectRoot, "node_modules", "@sparticuz", "chromium");

function systemChromium(): BrowserChoice {
  const executablePath = process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  try {
    accessSync(executablePath, constants.X_OK);
  } catch {
    throw new Error(`${executablePath}: no executable file there`);
  }
  return { label: executablePath, executablePath, env: {} };
}

/**
 * The package extracts its brotli archives into os.tmpdir(), so a child process does it with TMPDIR
 * set to a fresh folder, renamed into place once complete: a run that stopped halfway leaves no
 * half-written browser behind, and two runs extracting at once both end with one whole copy.
 */
async function npmChromium(): Promise<BrowserChoice> {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(`it ships a Linux x64 build only (this is ${process.platform} ${process.arch})`);
  }
  const { version } = JSON.parse(readFileSync(path.join(NPM_PACKAGE, "package.json"), "utf8")) as { version: string };
  const dir = path.join(projectRoot, "node_modules", ".cache", `sparticuz-chromium-${version}`);
  if (!existsSync(dir)) {
    const partial = `${dir}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    try {
      const script = path.join(import.meta.dirname, "extract-npm-chromium.ts");
      await promisify(execFile)(process.execPath, [script, path.join(NPM_PACKAGE, "bin")], {
        env: { ...process.env, TMPDIR: partial },
      });
      // Its own fonts.conf names /tmp/fonts; this one names the fonts where they are.
      writeFileSync(
        path.join(partial, "fonts.conf"),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
          `  <dir>${path.join(dir, "fonts")}</dir>\n  <cachedir>${path.join(dir, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
      );
      try {
        renameSync(partial, dir);
      } catch (error) {
        if (!existsSync(dir)) throw error; // else another run put its whole copy there first
      }
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return {
    label: `@sparticuz/chromium ${version} (${path.relative(projectRoot, dir)})`,
    executablePath: path.join(dir, "chromium"),
    env: {
      // NSS, NSPR and expat, which a bare Debian lacks, come with the package (al2023.tar.br).
      LD_LIBRARY_PATH: [path.join(dir, "al2023", "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      FONTCONFIG_FILE: path.join(dir, "fonts.conf"),
    },
  };
}

const Mode = z.enum(["auto", "system", "npm"]);

/** The first candidate that launches (with why each earlier one did not); an error naming every failure when none does. */
export async function chooseBrowser(): Promise<{ choice: BrowserChoice; version: string; passedOver: string[] }> {
  const mode = Mode.safeParse(process.env.E2E_BROWSER || "auto");
  if (!mode.success) {
    throw new Error(`E2E_BROWSER=${process.env.E2E_BROWSER}: expected one of ${Mode.options.join(", ")}`);
  }
  const candidates: [string, () => BrowserChoice | Promise<BrowserChoice>][] = [];
  if (mode.data !== "npm") candidates.push(["system chromium", systemChromium]);
  if (mode.data === "npm" || (mode.data === "auto" && !process.env.CHROMIUM_PATH)) {
    candidates.push(["@sparticuz/chromium", npmChromium]);
  }
  const failures: string[] = [];
  for (const [name, resolve] of candidates) {
    try {
      const choice = await resolve();
      const browser = await launchBrowser(choice, 30_000);
      const version = browser.version();
      await browser.close();
      return { choice, version, passedOver: failures };
    } catch (error) {
      // playwright's launch error: what the browser printed, without its long command lines.
      const lines = (error instanceof Error ? error.message : String(error)).split("\n");
      failures.push(`${name}: ${lines.filter((line) => !line.includes("<launching>")).join("\n    ")}`);
    }
  }
  const settings = [`E2E_BROWSER=${mode.data}`];
  if (process.env.CHROMIUM_PATH) settings.push(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH}`);
  throw new Error(
    `No Chromium for the e2e tests (${settings.join(", ")}):\n${failures.map((failure) => `- ${failure}`).join("\n")}\n` +
      "Run `npm install` (its @sparticuz/chromium brings one, used unless E2E_BROWSER=system or CHROMIUM_PATH is set), " +
      "or set CHROMIUM_PATH to a Chromium binary.",
  );
}

/** Vitest global setup of the e2e project. */
export default async function setup(project: TestProject): Promise<void> {
  const { choice, version, passedOver } = await chooseBrowser();
  const why = passedOver.map((failure) => ` (not ${failure.split("\n")[0]})`).join("");
  console.log(`e2e browser: Chromium ${version}, ${choice.label}${why}`);
  project.provide("e2eBrowser", choice);
}
