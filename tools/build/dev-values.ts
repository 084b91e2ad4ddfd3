/**
 * The values of dev that a stg/prd bundle must not hold, read from where they are defined: the
 * seeded accounts from workers/dev-idp/seed.ts (read as source text, since a tool imports no
 * Worker code) and the dev-only vars from wrangler.toml's top level.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { WranglerConfig } from "../local-platform/wrangler-config.ts";
import type { DevValue } from "./production-bundle.ts";

export const SEED_FILE = "workers/dev-idp/seed.ts";

/** Top-level vars whose dev value is a stand-in's key: an API key and the dev IdP's reCAPTCHA key. */
export const DEV_ONLY_VARS = ["IDP_API_KEY", "IDP_RECAPTCHA_SITE_KEY"] as const;

export interface SeededAccounts {
  readonly password: string;
  readonly emails: readonly string[];
}

/** SEED_PASSWORD and the e-mail addresses of SEED_USERS, as seed.ts writes them. */
export function readSeededAccounts(root: string): SeededAccounts {
  const file = path.join(root, SEED_FILE);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const initializers = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        initializers.set(declaration.name.text, unwrap(declaration.initializer));
      }
    }
  }
  const password = initializers.get("SEED_PASSWORD");
  const users = initializers.get("SEED_USERS");
  if (!password || !ts.isStringLiteral(password)) throw new Error(`${SEED_FILE}: SEED_PASSWORD is no string literal`);
  if (!users || !ts.isArrayLiteralExpression(users)) throw new Error(`${SEED_FILE}: SEED_USERS is no array literal`);
  const emails = users.elements.map((element) => {
    const email = ts.isObjectLiteralExpression(element)
      ? element.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(source) === "email",
        )?.initializer
      : undefined;
    if (!email || !ts.isStringLiteral(email)) throw new Error(`${SEED_FILE}: a SEED_USERS entry has no literal email`);
    return email.text;
  });
  if (emails.length === 0) throw new Error(`${SEED_FILE}: SEED_USERS is empty`);
  return { password: password.text, emails };
}

function unwrap(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isParenthesizedExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** What the bundle check looks for: the seeded accounts and the dev-only vars' values. */
export function devValues(seeded: SeededAccounts, config: WranglerConfig): DevValue[] {
  const vars = config.topLevel.vars ?? {};
  return [
    { value: seeded.password, what: `the seeded accounts' password (${SEED_FILE} SEED_PASSWORD)` },
    ...seeded.emails.map((email) => ({ value: email, what: `a seeded account's e-mail address (${SEED_FILE})` })),
    ...DEV_ONLY_VARS.map((name) => {
      const value = vars[name];
      if (typeof value !== "string" || value === "") throw new Error(`wrangler.toml [vars] has no ${name}`);
      return { value, what: `the dev value of ${name} (wrangler.toml [vars])` };
    }),
  ];
}
