/**
 * `npm run deploy:check -- --env prd`: checks offline what can be checked before deploying an
 * environment (tools/build/deploy-check.ts), one line per problem, then a summary. Exit 0: no
 * error (warnings may remain); 1: an error; 2: a wrong command line.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import {
  CHECKS,
  checkDeploy,
  DEPLOY_ENVIRONMENTS,
  type DeployEnvironment,
  type Finding,
} from "../build/deploy-check.ts";
import { devValues, readSeededAccounts } from "../build/dev-values.ts";
import { checkBundle } from "../build/production-bundle.ts";
import { readWranglerConfig } from "../local-platform/wrangler-config.ts";
import { projectRoot } from "../local-platform/wrangler-env.ts";

const USAGE = `usage: npm run deploy:check -- --env <${DEPLOY_ENVIRONMENTS.join("|")}>`;

let environment: DeployEnvironment;
try {
  const { values } = parseArgs({ options: { env: { type: "string" } }, allowPositionals: false });
  if (!DEPLOY_ENVIRONMENTS.includes(values.env as DeployEnvironment)) throw new Error("no environment");
  environment = values.env as DeployEnvironment;
} catch {
  console.error(USAGE);
  process.exit(2);
}

const configFile = path.join(projectRoot, "wrangler.toml");
const config = readWranglerConfig(configFile);
const values = devValues(readSeededAccounts(projectRoot), config);

console.log(`deploy:check ${environment}: wrangler.toml [env.${environment}], offline (${CHECKS.join(", ")})`);
const findings = await checkDeploy({
  environment,
  config,
  bundle: (env) => checkBundle(env, values),
  assetsRoot: projectRoot,
});

for (const finding of findings) console.log(line(finding));

const errors = findings.filter((f) => f.level === "error").length;
const warnings = findings.length - errors;
const counted = `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`;
if (errors > 0) {
  console.log(`${environment}: ${counted}. Not ready to deploy: fix the errors above (README "Deploy").`);
  process.exit(1);
}
console.log(
  warnings > 0
    ? `${environment}: ${counted}. Ready to deploy as far as can be checked offline; read the warnings first.`
    : `${environment}: no problem found. Ready to deploy as far as can be checked offline.`,
);

function line(finding: Finding): string {
  return `${finding.level.padEnd(7)} ${finding.where}: ${finding.problem}. Fix: ${finding.fix}.`;
}
