/** One problem deploy:check found, and the environments it checks (tools/build/deploy-check.ts). */

export type DeployEnvironment = "stg" | "prd";
export const DEPLOY_ENVIRONMENTS: readonly DeployEnvironment[] = ["stg", "prd"];

export interface Finding {
  readonly level: "error" | "warning";
  /** Where in wrangler.toml (or which step) the problem is. */
  readonly where: string;
  readonly problem: string;
  readonly fix: string;
}

/** What wrangler.toml ships where an operator's value goes (the Worker's config refuses it too). */
export const PLACEHOLDER = "REPLACE_WITH_";

/** Where the README's checklist says how to do it. */
export const readmeStep = (step: number) => `README "Deploy" step ${step}`;
