import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDeploy, type DeployCheckInput, type Finding } from "../../tools/build/deploy-check.ts";
import { PAGE_SCRIPTS } from "../../tools/build/pages.ts";
import type { BundleReport } from "../../tools/build/production-bundle.ts";
import { readWranglerConfig } from "../../tools/local-platform/wrangler-config.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";

// deploy:check's findings on the committed wrangler.toml (its placeholders are there on purpose,
// for an operator to fill) and on a small config with everything filled in. The bundle build is
// test/unit/production-bundle.test.ts's; here it is left out or stood in for.

const scratch = mkdtempSync(path.join(tmpdir(), "deploy-check-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const committed = readWranglerConfig(path.join(projectRoot, "wrangler.toml"));

const CLEAN = `
name = "game"
main = "platform/index.ts"

[vars]
IDP_API_KEY = "dev-api-key"

[[kv_namespaces]]
binding = "SESSIONS"
id = "local-sessions"

[[d1_databases]]
binding = "AUTH_DB"
database_name = "auth"
database_id = "local-auth"

[[durable_objects.bindings]]
name = "ROOM"
class_name = "Room"

[[durable_objects.bindings]]
name = "WEBHOOK_OUTBOX"
class_name = "WebhookOutbox"

[[migrations]]
tag = "v1"
new_sqlite_classes = ["Room", "WebhookOutbox"]

[[ratelimits]]
name = "CHECKOUT_LIMITER"
namespace_id = "1005"
simple = { limit = 10, period = 60 }

[triggers]
crons = ["*/10 * * * *"]

[env.prd]
name = "game-prd"
main = "platform/production.ts"
routes = [{ pattern = "auth.game.test", custom_domain = true }]

[env.prd.vars]
ENVIRONMENT = "prd"
LOG_FORMAT = "json"
AUTH_URL = "https://auth.game.test"
STORE_URL = "https://store.game.test"
API_URL = "https://api.game.test"
ROOMS_URL = "https://rooms.game.test"
EGRESS_ALLOWED_HOSTS = "venue-device.game.test"
ROOM_TICKETS = "required"
AUTH_DOMAIN = "auth.game.test"
AUTH_OPERATOR_DOMAINS = "game.test"
AUTH_MOBILE_SCHEME = "test.game.app"
AUTH_SOCIAL_PROVIDERS = "google.com"
IDP_PROJECT_ID = "game-prd"
IDP_API_KEY = "AIzaSyGameWebApiKey"
IDP_API_URL = "https://identitytoolkit.googleapis.com"
IDP_TOKEN_URL = "https://securetoken.googleapis.com"
IDP_JWKS_URL = "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
IDP_RECAPTCHA_SITE_KEY = "6LcGameSiteKey"
STRIPE_API_URL = "https://api.stripe.com"
IDP_URL = ""
PAYMENTS_URL = ""
PAYMENTS_WEBHOOK_URL = ""
AUTH_PREVIEW_DOMAINS = ""

[env.prd.secrets]
required = ["IDP_SERVICE_ACCOUNT", "ROOM_TICKET_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]

[[env.prd.kv_namespaces]]
binding = "SESSIONS"
id = "0f2ac74b498b48028cb68387c421e279"

[[env.prd.d1_databases]]
binding = "AUTH_DB"
database_name = "auth-prd"
database_id = "5b1c7a0e-2f3d-4e5a-9b8c-7d6e5f4a3b2c"

[[env.prd.durable_objects.bindings]]
name = "ROOM"
class_name = "Room"

[[env.prd.migrations]]
tag = "v1"
new_sqlite_classes = ["Room"]

[[env.prd.ratelimits]]
name = "CHECKOUT_LIMITER"
namespace_id = "3005"
simple = { limit = 10, period = 60 }
`;

/** The clean config with each [from, to] replaced, written to a file and read back as deploy:check reads it. */
function configWith(...edits: [string, string][]) {
  let text = CLEAN;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`the clean config has no ${from}`);
    text = text.replace(from, to);
  }
  const file = path.join(mkdtempSync(path.join(scratch, "config-")), "wrangler.toml");
  writeFileSync(file, text);
  return readWranglerConfig(file);
}

function check(input: Partial<DeployCheckInput> & Pick<DeployCheckInput, "config">): Promise<Finding[]> {
  return checkDeploy({ environment: "prd", bundle: null, assetsRoot: null, ...input });
}

const errorsOf = (findings: Finding[]) => findings.filter((f) => f.level === "error");
const where = (findings: Finding[]) => findings.map((f) => f.where);

describe("deploy:check on the committed wrangler.toml", () => {
  it.each(["stg", "prd"] as const)("%s: reports each placeholder once, where it is and what to run", async (env) => {
    const findings = await check({ environment: env, config: committed });
    const upper = env.toUpperCase();
    expect(errorsOf(findings)).toEqual([
      expect.objectContaining({ where: `[env.${env}.vars] IDP_API_KEY`, problem: expect.stringContaining(upper) }),
      expect.objectContaining({ where: `[env.${env}.vars] IDP_RECAPTCHA_SITE_KEY` }),
      expect.objectContaining({
        where: `[[env.${env}.kv_namespaces]] SESSIONS id`,
        fix: expect.stringContaining(`npx wrangler kv namespace create SESSIONS --env ${env}`),
      }),
      expect.objectContaining({
        where: `[[env.${env}.d1_databases]] AUTH_DB database_id`,
        fix: expect.stringContaining(`npx wrangler d1 create platform-auth-${env}`),
      }),
      expect.objectContaining({
        where: `[[env.${env}.d1_databases]] BACKEND_DB database_id`,
        fix: expect.stringContaining(`npx wrangler d1 create platform-backend-${env}`),
      }),
    ]);
  });

  it("warns of the README's example domain in routes, URL vars and AUTH_DOMAIN", async () => {
    const warnings = (await check({ config: committed })).filter((f) => f.level === "warning");
    expect(where(warnings)).toEqual(
      expect.arrayContaining([
        '[env.prd] routes "auth.example.com"',
        "[env.prd.vars] AUTH_URL",
        "[env.prd.vars] API_URL",
        "[env.prd.vars] AUTH_DOMAIN",
      ]),
    );
  });
});

describe("deploy:check on a config with everything filled in", () => {
  it("finds no problem", async () => {
    expect(await check({ config: configWith() })).toEqual([]);
  });

  it.each([
    [
      "a secret left out of required",
      ['"STRIPE_WEBHOOK_SECRET"]', "]"],
      "[env.prd.secrets] required",
      "does not list STRIPE_WEBHOOK_SECRET",
    ],
    [
      "a provider URL on http",
      ['STRIPE_API_URL = "https://api.stripe.com"', 'STRIPE_API_URL = "http://api.stripe.com"'],
      "[env.prd.vars] STRIPE_API_URL",
      "is not https",
    ],
    [
      "a var the platform's config refuses",
      ['AUTH_MOBILE_SCHEME = "test.game.app"', 'AUTH_MOBILE_SCHEME = "game"'],
      "[env.prd.vars] AUTH_MOBILE_SCHEME",
      "must be a reverse-domain URL scheme",
    ],
    [
      "a var missing from the environment",
      ['IDP_TOKEN_URL = "https://securetoken.googleapis.com"\n', ""],
      "[env.prd.vars] IDP_TOKEN_URL",
      "is missing",
    ],
    [
      "no main of its own, so the dev build",
      ['main = "platform/production.ts"\n', ""],
      "[env.prd] main",
      "top level's dev build",
    ],
    [
      "a binding the environment does not repeat",
      ['[[env.prd.kv_namespaces]]\nbinding = "SESSIONS"', '[[env.prd.kv_namespaces]]\nbinding = "OTHER"'],
      "[[env.prd.kv_namespaces]]",
      "has no SESSIONS",
    ],
    [
      "a rate limit the environment does not repeat",
      ['[[env.prd.ratelimits]]\nname = "CHECKOUT_LIMITER"', '[[env.prd.ratelimits]]\nname = "OTHER_LIMITER"'],
      "[[env.prd.ratelimits]]",
      "has no CHECKOUT_LIMITER",
    ],
    [
      "a rate-limit namespace dev counts in too",
      ['namespace_id = "3005"', 'namespace_id = "1005"'],
      "[[env.prd.ratelimits]] CHECKOUT_LIMITER",
      "is also the top level's CHECKOUT_LIMITER",
    ],
    [
      "crons of its own without the top level's (wrangler inherits the table only when it is absent)",
      ["[env.prd.vars]\n", '[env.prd.triggers]\ncrons = ["0 3 * * *"]\n\n[env.prd.vars]\n'],
      "[env.prd.triggers] crons",
      'has no "*/10 * * * *"',
    ],
  ] as const)("reports %s as one error", async (_, edit, at, problem) => {
    const findings = await check({ config: configWith(edit as [string, string]) });
    expect(findings).toEqual([
      expect.objectContaining({ level: "error", where: at, problem: expect.stringContaining(problem) }),
    ]);
  });

  it("reports a KV namespace another environment also uses", async () => {
    const shared = configWith([
      "[env.prd]\n",
      '[env.stg]\nmain = "platform/production.ts"\n\n[[env.stg.kv_namespaces]]\nbinding = "SESSIONS"\nid = "0f2ac74b498b48028cb68387c421e279"\n\n[env.prd]\n',
    ]);
    expect(await check({ config: shared })).toEqual([
      expect.objectContaining({
        level: "error",
        where: "[[env.prd.kv_namespaces]] SESSIONS",
        problem: expect.stringContaining("[env.stg]'s SESSIONS"),
      }),
    ]);
  });

  it("reports a stand-in in the bundle, and a bundle that does not build", async () => {
    const report: BundleReport = {
      environment: "prd",
      files: ["production.js"],
      modules: 900,
      findings: [{ kind: "module", what: "workers/dev-idp/seed.ts", file: "production.js" }],
    };
    const found = await check({ config: configWith(), bundle: async () => report });
    expect(found).toEqual([
      expect.objectContaining({ level: "error", problem: expect.stringContaining("holds workers/dev-idp/seed.ts") }),
    ]);
    const broken = await check({
      config: configWith(),
      bundle: async () => {
        throw new Error('wrangler exited 1:\n✘ [ERROR] Could not resolve "../workers/gone"\n');
      },
    });
    expect(broken).toEqual([
      expect.objectContaining({
        level: "error",
        problem: expect.stringContaining('Could not resolve "../workers/gone"'),
      }),
    ]);
  });

  it("reports page scripts `npm run build` has not written into public/", async () => {
    const root = mkdtempSync(path.join(scratch, "root-"));
    const [missing] = await check({ config: configWith(), assetsRoot: root });
    expect(missing).toMatchObject({ level: "error", where: "assets (public/)" });
    expect(missing?.problem).toContain("public/auth/login.js");
    for (const file of [...PAGE_SCRIPTS.map((s) => s.output), "public/store/index.html"]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), "");
    }
    expect(await check({ config: configWith(), assetsRoot: root })).toEqual([]);
  });
});

describe("npm run deploy:check", () => {
  it.each([[["--env", "dev"]], [[]], [["--env", "production"]]])("refuses %j with its usage line, exit 2", (args) => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, "tools/scripts/deploy-check.ts"), ...args], {
      encoding: "utf8",
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage: npm run deploy:check -- --env <stg|prd>");
  });
});
