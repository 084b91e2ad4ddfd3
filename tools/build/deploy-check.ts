/**
 * `npm run deploy:check -- --env prd`: what can be known offline about one environment of
 * wrangler.toml before `wrangler deploy`. Each problem is one finding: where in wrangler.toml,
 * what is wrong, what to do. Errors stop a deploy; warnings are the README's example values,
 * which deploy but serve nobody's domain.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, parseConfig } from "../../src/config/index.ts";
import { MIN_TICKET_SECRET_LENGTH } from "../../src/room-access/seat-ticket.ts";
import type { WranglerConfig, WranglerEnvironment } from "../local-platform/wrangler-config.ts";
import { projectRoot } from "../local-platform/wrangler-env.ts";
import { STORE_PAGE_DIR } from "./build-store.ts";
import { bindingFindings, sharedStoreFindings } from "./deploy-check-bindings.ts";
import { type DeployEnvironment, type Finding, PLACEHOLDER, readmeStep } from "./deploy-check-finding.ts";
import { PAGE_SCRIPTS } from "./pages.ts";
import type { BundleReport } from "./production-bundle.ts";

export { DEPLOY_ENVIRONMENTS, type DeployEnvironment, type Finding } from "./deploy-check-finding.ts";

export interface DeployCheckInput {
  readonly environment: DeployEnvironment;
  readonly config: WranglerConfig;
  /** Builds the environment's bundle and reports what of dev it holds; null skips the step. */
  readonly bundle: ((environment: DeployEnvironment) => Promise<BundleReport>) | null;
  /** The project root whose public/ must hold the built page scripts and store page; null skips the step. */
  readonly assetsRoot: string | null;
}

/** The build stg and prd deploy (wrangler.toml `[env.X] main`): the one without the stand-ins. */
export const PRODUCTION_MAIN = "platform/production.ts";

/**
 * The secrets a stg/prd Worker reads: the provider's service account and the seat tickets' key
 * (src/config, ROOM_TICKETS is required there), Stripe's API key and webhook secret
 * (src/config/payments.ts). IDP_DEV_SIGNING_KEY is the dev IdP's alone.
 */
export const DEPLOYED_SECRETS = [
  "IDP_SERVICE_ACCOUNT",
  "ROOM_TICKET_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
] as const;
const DEV_ONLY_SECRETS = ["IDP_DEV_SIGNING_KEY"];

/** Vars only dev uses; stg and prd keep them empty (wrangler wants each top-level var in every env). */
const DEV_ONLY_VARS = ["IDP_URL", "PAYMENTS_URL", "PAYMENTS_WEBHOOK_URL", "AUTH_PREVIEW_DOMAINS"];

/** Stand-ins for the secrets, shaped as the config wants them: the vars are checked, not these. */
const DUMMY_SECRETS = {
  IDP_SERVICE_ACCOUNT: JSON.stringify({
    client_email: "deploy-check@project.iam.gserviceaccount.com",
    private_key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
  }),
  ROOM_TICKET_SECRET: "x".repeat(MIN_TICKET_SECRET_LENGTH),
  STRIPE_SECRET_KEY: "sk_deploy_check",
  STRIPE_WEBHOOK_SECRET: "whsec_deploy_check",
};

/** What checkDeploy looks at, in the order its findings come (for the summary line). */
export const CHECKS = [
  "main",
  "placeholders",
  "example values",
  "secrets",
  "config",
  "https",
  "bindings",
  "shared stores",
  "bundle",
  "assets",
] as const;

export async function checkDeploy(input: DeployCheckInput): Promise<Finding[]> {
  const { environment } = input;
  const table = input.config.environments[environment];
  if (!table) {
    return [
      {
        level: "error",
        where: `[env.${environment}]`,
        problem: "is not in wrangler.toml",
        fix: `add the environment (${readmeStep(2)})`,
      },
    ];
  }
  const env = table.read;
  const findings = [
    ...mainFindings(environment, env),
    ...placeholderFindings(environment, table.raw),
    ...exampleFindings(environment, env),
    ...secretFindings(environment, env),
    ...configFindings(environment, env),
    ...transportFindings(environment, env),
    ...bindingFindings(environment, input.config.topLevel, env),
    ...sharedStoreFindings(environment, input.config),
  ];
  if (input.bundle) findings.push(...(await bundleFindings(environment, input.bundle)));
  if (input.assetsRoot) findings.push(...assetFindings(input.assetsRoot));
  return findings;
}

function mainFindings(environment: DeployEnvironment, env: WranglerEnvironment): Finding[] {
  if (env.main === PRODUCTION_MAIN) return [];
  return [
    {
      level: "error",
      where: `[env.${environment}] main`,
      problem: env.main
        ? `is "${env.main}", not the build without the stand-ins`
        : "is not set, so the top level's dev build (with the stand-ins) would be deployed",
      fix: `set main = "${PRODUCTION_MAIN}"`,
    },
  ];
}

/** Every REPLACE_WITH_ value left in the environment's table, wherever it is. */
function placeholderFindings(environment: DeployEnvironment, raw: Record<string, unknown>): Finding[] {
  const findings: Finding[] = [];
  const walk = (value: unknown, at: readonly (string | number)[], parent: unknown) => {
    if (typeof value === "string") {
      if (value.includes(PLACEHOLDER)) findings.push(placeholderFinding(environment, at, parent, value));
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, [...at, index], value);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) walk(item, [...at, key], value);
    }
  };
  walk(raw, [], null);
  return findings;
}

function placeholderFinding(
  environment: DeployEnvironment,
  at: readonly (string | number)[],
  parent: unknown,
  value: string,
): Finding {
  const [section, ...rest] = at;
  const field = String(at[at.length - 1]);
  const named = (parent ?? {}) as { binding?: string; database_name?: string };
  const problem = `is a placeholder (${value})`;
  if (section === "vars") {
    return { level: "error", where: `[env.${environment}.vars] ${field}`, problem, fix: varFix(field) };
  }
  if (section === "kv_namespaces") {
    return {
      level: "error",
      where: `[[env.${environment}.kv_namespaces]] ${named.binding} ${field}`,
      problem,
      fix: `write the id \`npx wrangler kv namespace create ${named.binding} --env ${environment}\` prints (${readmeStep(1)})`,
    };
  }
  if (section === "d1_databases") {
    return {
      level: "error",
      where: `[[env.${environment}.d1_databases]] ${named.binding} ${field}`,
      problem,
      fix: `write the database_id \`npx wrangler d1 create ${named.database_name}\` prints (${readmeStep(1)})`,
    };
  }
  return {
    level: "error",
    where: `[env.${environment}] ${[section, ...rest].join(".")}`,
    problem,
    fix: `replace it with this environment's value (${readmeStep(2)})`,
  };
}

function varFix(name: string): string {
  if (name === "IDP_API_KEY") return `set the web API key of the provider project (${readmeStep(4)})`;
  if (name === "IDP_RECAPTCHA_SITE_KEY") {
    return `set the site key the provider's recaptchaParams answers (${readmeStep(4)})`;
  }
  return `set this environment's value (${readmeStep(2)})`;
}

const isExampleHost = (host: string) => /(^|\.)example\.com$/i.test(host);
const hostOf = (value: string) => (URL.canParse(value) ? new URL(value).hostname : value);

/** The README's example domain (example.com) and names (com.example.*, example-*): deployable, but nobody's. */
function exampleFindings(environment: DeployEnvironment, env: WranglerEnvironment): Finding[] {
  const findings: Finding[] = [];
  const warn = (where: string, problem: string, fix: string) =>
    findings.push({ level: "warning", where, problem, fix });
  for (const route of env.routes ?? []) {
    const pattern = typeof route === "string" ? route : route.pattern;
    if (isExampleHost(pattern.split("/")[0] ?? "")) {
      warn(
        `[env.${environment}] routes "${pattern}"`,
        "is on example.com, the README's stand-in domain",
        `use the operator's host (${readmeStep(2)})`,
      );
    }
  }
  for (const [name, value] of Object.entries(env.vars ?? {})) {
    if (typeof value !== "string" || value === "" || value.includes(PLACEHOLDER)) continue;
    const where = `[env.${environment}.vars] ${name}`;
    const hosts = /_URL$|^AUTH_DOMAIN$|_DOMAINS$|_HOSTS$/.test(name)
      ? value.split(",").map((item) => hostOf(item.trim()))
      : [];
    if (hosts.some(isExampleHost)) {
      warn(
        where,
        `"${value}" is on example.com, the README's stand-in domain`,
        `use the operator's domain (${readmeStep(2)})`,
      );
    } else if (name === "AUTH_MOBILE_SCHEME" && /^com\.example\./.test(value)) {
      warn(where, `"${value}" is the README's example scheme`, `use the apps' own URL scheme (${readmeStep(2)})`);
    } else if (name === "IDP_PROJECT_ID" && /^example-/.test(value)) {
      warn(where, `"${value}" is the README's example project`, `use the provider project's id (${readmeStep(4)})`);
    }
  }
  return findings;
}

function secretFindings(environment: DeployEnvironment, env: WranglerEnvironment): Finding[] {
  const listed = env.secrets?.required ?? [];
  const where = `[env.${environment}.secrets] required`;
  const missing = DEPLOYED_SECRETS.filter((name) => !listed.includes(name)).map(
    (name): Finding => ({
      level: "error",
      where,
      problem: `does not list ${name}, which the Worker needs`,
      fix: `add "${name}" (and set it: ${readmeStep(3)})`,
    }),
  );
  const devOnly = listed
    .filter((name) => DEV_ONLY_SECRETS.includes(name))
    .map(
      (name): Finding => ({
        level: "warning",
        where,
        problem: `lists ${name}, which only dev uses`,
        fix: "remove it: wrangler deploy would refuse to deploy without it",
      }),
    );
  return [...missing, ...devOnly];
}

/** The vars through the platform's own config parse (src/config), with stand-ins for the secrets. */
function configFindings(environment: DeployEnvironment, env: WranglerEnvironment): Finding[] {
  try {
    parseConfig({ ...(env.vars ?? {}), ...DUMMY_SECRETS });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const vars = env.vars ?? {};
    return error.problems
      .filter(({ variable }) => !String(vars[variable] ?? "").includes(PLACEHOLDER))
      .map(({ variable, message }) => ({
        level: "error",
        where: `[env.${environment}.vars] ${variable}`,
        problem: `${message} (the platform would answer every request 500 config_invalid)`,
        fix: `see README "Configuration" for ${variable}`,
      }));
  }
}

/** Every URL var of stg/prd on https; the dev-only ones empty. */
function transportFindings(environment: DeployEnvironment, env: WranglerEnvironment): Finding[] {
  const findings: Finding[] = [];
  for (const [name, value] of Object.entries(env.vars ?? {})) {
    if (typeof value !== "string" || value === "") continue;
    const where = `[env.${environment}.vars] ${name}`;
    if (DEV_ONLY_VARS.includes(name)) {
      findings.push({ level: "warning", where, problem: "is set, but only dev uses it", fix: 'leave it ""' });
    } else if (name.endsWith("_URL") && URL.canParse(value) && new URL(value).protocol !== "https:") {
      findings.push({
        level: "error",
        where,
        problem: `"${value}" is not https`,
        fix: "stg and prd talk to providers and browsers over https only",
      });
    }
  }
  return findings;
}

async function bundleFindings(
  environment: DeployEnvironment,
  bundle: (environment: DeployEnvironment) => Promise<BundleReport>,
): Promise<Finding[]> {
  const where = `bundle (wrangler deploy --dry-run --env ${environment})`;
  let report: BundleReport;
  try {
    report = await bundle(environment);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const line = detail.split("\n").find((l) => /ERROR|✘/.test(l)) ?? detail.split("\n")[0];
    return [
      {
        level: "error",
        where,
        problem: `does not build: ${line?.trim()}`,
        fix: `run \`npx wrangler deploy --dry-run --env ${environment} --outdir dist/${environment}\` for wrangler's whole output`,
      },
    ];
  }
  return report.findings.map((finding) => ({
    level: "error",
    where,
    problem: finding.kind === "module" ? `holds ${finding.what}, a dev stand-in's module` : `holds ${finding.what}`,
    fix: `keep [env.${environment}] main = "${PRODUCTION_MAIN}", and import no stand-in from what it imports`,
  }));
}

/** The files `npm run build` writes into public/, which `wrangler deploy` uploads as they are. */
function assetFindings(root: string): Finding[] {
  const wanted = [
    ...PAGE_SCRIPTS.map((script) => script.output).filter((output) => !output.startsWith("public/idp/")),
    `${path.relative(projectRoot, STORE_PAGE_DIR)}/index.html`,
  ];
  const missing = wanted.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length === 0) return [];
  return [
    {
      level: "error",
      where: "assets (public/)",
      problem: `${missing.join(", ")} not built: the login page, store or lobby would be deployed without its script`,
      fix: "run `npm run build` first",
    },
  ];
}
