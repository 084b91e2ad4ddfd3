import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devValues, readSeededAccounts, SEED_FILE } from "../../tools/build/dev-values.ts";
import { type BundleReport, checkBundle, findStandIns } from "../../tools/build/production-bundle.ts";
import { readWranglerConfig } from "../../tools/local-platform/wrangler-config.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";

// The bundles wrangler would upload, built offline (`wrangler deploy --dry-run`): stg and prd are
// built from platform/production.ts and must hold nothing of dev; the dev build holds it all,
// which shows the check sees what it looks for. The seeded accounts are read from
// workers/dev-idp/seed.ts's text (Worker code, which the Node tests do not import): finding each
// of them in the dev bundle shows they were read right.

const seeded = readSeededAccounts(projectRoot);
const values = devValues(seeded, readWranglerConfig(path.join(projectRoot, "wrangler.toml")));

// Three dry-run builds at once take ~5 s on a quiet 2-core machine; a busy one takes several times that.
const BUILD_TIMEOUT = 180_000;

describe("the bundles of dev, stg and prd", () => {
  const reports = new Map<string, BundleReport>();

  beforeAll(async () => {
    const built = await Promise.all((["dev", "stg", "prd"] as const).map((env) => checkBundle(env, values)));
    for (const report of built) reports.set(report.environment, report);
  }, BUILD_TIMEOUT);

  it.each(["stg", "prd"])("%s: no stand-in module, seeded account or dev key", (environment) => {
    const report = reports.get(environment) as BundleReport;
    expect(report.modules).toBeGreaterThan(100);
    expect(report.findings).toEqual([]);
  });

  it("dev: the same check finds every stand-in and the seeded accounts", () => {
    const report = reports.get("dev") as BundleReport;
    const modules = report.findings.filter((f) => f.kind === "module").map((f) => f.what);
    for (const folder of ["workers/dev-idp/", "workers/dev-payments/", "durable-objects/webhook-outbox/"]) {
      expect(
        modules.some((module) => module.startsWith(folder)),
        folder,
      ).toBe(true);
    }
    expect(modules).toContain("workers/dev-idp/seed.ts");
    const found = report.findings.filter((f) => f.kind === "value").map((f) => f.what);
    expect(seeded.emails.length).toBeGreaterThan(0);
    for (const value of [seeded.password, ...seeded.emails]) {
      expect(
        found.some((what) => what.endsWith(`"${value}"`)),
        value,
      ).toBe(true);
    }
  });
});

describe("the bundle check's reading", () => {
  let outdir: string;
  beforeAll(() => {
    outdir = mkdtempSync(path.join(tmpdir(), "bundle-check-"));
  });
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it("refuses a seed file it cannot read the accounts from rather than look for nothing", () => {
    const root = path.join(outdir, "tree");
    mkdirSync(path.join(root, path.dirname(SEED_FILE)), { recursive: true });
    writeFileSync(
      path.join(root, SEED_FILE),
      "export const SEED_PASSWORD = makePassword();\nexport const SEED_USERS = [];\n",
    );
    expect(() => readSeededAccounts(root)).toThrow(/SEED_PASSWORD is no string literal/);
    writeFileSync(path.join(root, SEED_FILE), 'export const SEED_PASSWORD = "pw";\nexport const SEED_USERS = [];\n');
    expect(() => readSeededAccounts(root)).toThrow(/SEED_USERS is empty/);
  });

  it("looks for the dev values of the top-level IDP_API_KEY and IDP_RECAPTCHA_SITE_KEY", () => {
    expect(values.map((v) => v.value)).toEqual(expect.arrayContaining(["dev-api-key", "dev-recaptcha-site-key"]));
  });

  it("finds a dev key in a bundle's text and a stand-in among the modules its map names", () => {
    writeFileSync(path.join(outdir, "worker.js"), 'const key = "dev-recaptcha-site-key";');
    writeFileSync(
      path.join(outdir, "worker.js.map"),
      JSON.stringify({ sources: [path.relative(outdir, path.join(projectRoot, "seeds/backend-dev.sql"))] }),
    );
    const report = findStandIns("prd", outdir, values);
    expect(report.findings).toEqual([
      { kind: "module", what: "seeds/backend-dev.sql", file: "worker.js" },
      {
        kind: "value",
        what: 'the dev value of IDP_RECAPTCHA_SITE_KEY (wrangler.toml [vars]): "dev-recaptcha-site-key"',
        file: "worker.js",
      },
    ]);
  });

  it("refuses a bundle without a source map rather than report it clean", () => {
    rmSync(path.join(outdir, "worker.js.map"));
    expect(() => findStandIns("prd", outdir, values)).toThrow(/no readable source map/);
  });
});
