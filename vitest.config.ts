import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { fakeInternet } from "./test/workers/fake-internet";
import { scenarioAliases } from "./tools/cli/scenario-imports.ts";
import { generateDevIdpSecrets } from "./tools/local-platform/dev-idp-keys.ts";
import { generateDevPaymentSecrets } from "./tools/local-platform/dev-payment-keys.ts";

// Fresh dev IdP keys for every test run: nothing secret is ever committed or reused.
const devIdpSecrets = { ...generateDevIdpSecrets("edge-platform-dev"), ...generateDevPaymentSecrets() };
// wrangler.toml lists them as required secrets; wrangler looks for them in process.env too, and
// would otherwise warn once per test file that they are missing.
Object.assign(process.env, devIdpSecrets);

export default defineConfig({
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    // Every request writes an access line: print a test's console only when it fails.
    silent: "passed-only",
    projects: [
      {
        // The examples' logic, which unit tests play, imports `scenario` as an author's does.
        resolve: { alias: scenarioAliases() },
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          // Pure modules: one worker runs every file without a fresh module graph each (half the
          // project's time); a file that fakes timers or spies puts them back in its own hooks.
          isolate: false,
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // The rooms' egress gate may reach only this made-up venue host; test/workers/fake-internet.ts answers it.
              outboundService: fakeInternet,
              // An empty database the migration tests fill step by step (legacy rows between two migrations).
              d1Databases: { MIGRATION_SCRATCH_DB: "migration-scratch" },
              bindings: {
                EGRESS_ALLOWED_HOSTS: "venue-device.test",
                // Tests read log lines back as JSON (test/workers/log-lines.test.ts).
                LOG_FORMAT: "json",
                // Operations notices are also POSTed here (src/ops/notifier.ts); test/workers/fake-internet.ts takes them.
                OPS_WEBHOOK_URL: "https://ops-hook.test/notices",
                AUTH_MIGRATIONS: await readD1Migrations("migrations/auth"),
                BACKEND_MIGRATIONS: await readD1Migrations("migrations/backend"),
                ...devIdpSecrets,
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          setupFiles: ["test/workers/setup/apply-migrations.ts"],
          // The store page and the page scripts are served from ASSETS: built first.
          globalSetup: ["test/browser-build-setup.ts"],
        },
      },
      {
        // Browser end-to-end: chromium against `wrangler dev` (sign-in: ports 8801 and 8803; store: 8806; crash test: 8822;
        // scenario loadtest: 8826; replays: 8834) and against `scenario dev` (8810-8819; after `scenario init`: 8856);
        // the second worker's files on the same ports + 3000 (ports.ts). Unit: 8860.
        // As in the unit project, a test may play a recorded game of an example's logic, which imports `scenario`.
        resolve: { alias: scenarioAliases() },
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          // choose-browser.ts picks the Chromium (Debian's, CHROMIUM_PATH or the npm package's) once per run.
          globalSetup: ["test/browser-build-setup.ts", "test/e2e/support/choose-browser.ts"],
          // After each file's own hooks: stops any wrangler dev or scenario dev it left running.
          setupFiles: ["test/e2e/support/stop-leftovers.ts"],
          environment: "node",
          // Every file starts its own platform; tools/local-platform/ports.ts gives each of the two
          // workers its own ports, so two files run side by side (one waits on the browser or a
          // timer while the other computes).
          maxWorkers: 2,
          // Its own group (after unit and workers): vitest runs projects of different maxWorkers apart.
          sequence: { groupOrder: 1 },
          // Two files and their browsers share two cores: a page may take seconds to show what a
          // poll waits for, so a poll waits up to 10 s (playwright's own waits: 10-30 s).
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
