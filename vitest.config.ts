import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { fakeInternet } from "./test/workers/fake-internet";

export default defineConfig({
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // The rooms' egress gate may reach only this made-up venue host; test/workers/fake-internet.ts answers it.
              outboundService: fakeInternet,
              bindings: {
                EGRESS_ALLOWED_HOSTS: "venue-device.test",
                AUTH_MIGRATIONS: await readD1Migrations("migrations/auth"),
                BACKEND_MIGRATIONS: await readD1Migrations("migrations/backend"),
              },
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["test/workers/**/*.test.ts"],
          setupFiles: ["test/workers/setup/apply-migrations.ts"],
        },
      },
    ],
  },
});
