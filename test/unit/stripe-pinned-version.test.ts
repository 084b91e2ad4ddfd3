/**
 * The platform speaks one Stripe API version, the pinned stripe package's (docs/decisions/0118-stripes-contract-the-pinned-api-version.md,
 * "Stripe's contract: the pinned API version"), and every request it builds is typed by that
 * package's params types, so `tsc` refuses a parameter the version does not take.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { STRIPE_API_VERSION } from "../../src/payments/stripe-api-version";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the pinned Stripe API version", () => {
  it("is the stripe package's own, so upgrading the package fails here until the upgrade is decided", () => {
    expect(Stripe.API_VERSION).toBe(STRIPE_API_VERSION);
  });

  it("is recorded in its decision record, and the package is pinned to one exact version", () => {
    const section = readFileSync(
      path.join(ROOT, "docs/decisions/0118-stripes-contract-the-pinned-api-version.md"),
      "utf8",
    );
    expect(section).toContain(`\`${STRIPE_API_VERSION}\``);
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies.stripe).toMatch(/^\d+\.\d+\.\d+$/);
    expect(section).toContain(`stripe ${pkg.dependencies.stripe}`);
  });
});

const SOURCE = /\.(ts|tsx)$/;
/** The package's request types: `Checkout.SessionCreateParams`, `PriceListParams`, `RefundCreateParams`, ... */
const PARAMS_TYPE = /\b\w*(Create|Update|List|Retrieve|Confirm|Capture|Cancel|Search|Del)Params\b/;
const PARTS = ["platform", "workers", "durable-objects", "src", "browser", "tools", "bench", "test"];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    if (name === "node_modules" || name === "generated") continue;
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) files.push(...sourceFiles(rel));
    else if (SOURCE.test(name)) files.push(rel);
  }
  return files;
}

/**
 * What would widen a Stripe request past the package's types, in a file that imports the
 * package: a cast to a params type (`as Stripe...Params`), a params type widened by an
 * intersection (`SessionCreateParams & { ... }`), and `any`/`unknown` casts, which widen anything.
 */
function widenings(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type;
      if (type.kind === ts.SyntaxKind.AnyKeyword || type.kind === ts.SyntaxKind.UnknownKeyword) {
        found.push(`${at(node)} casts to ${type.getText()}`);
      } else if (PARAMS_TYPE.test(type.getText())) {
        found.push(`${at(node)} casts to ${type.getText()}`);
      }
    }
    if (ts.isIntersectionTypeNode(node) && node.types.some((member) => PARAMS_TYPE.test(member.getText()))) {
      found.push(`${at(node)} widens ${node.getText()}`);
    }
    if (node.kind === ts.SyntaxKind.AnyKeyword && !ts.isAsExpression(node.parent)) {
      found.push(`${at(node)} types something as any`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("requests to Stripe", () => {
  const files = PARTS.flatMap(sourceFiles).filter((file) =>
    ts
      .preProcessFile(readFileSync(path.join(ROOT, file), "utf8"), true, true)
      .importedFiles.some(({ fileName }) => fileName === "stripe"),
  );

  it("are built where the stripe package is imported (this check reads those files)", () => {
    expect(files).toContain("src/payments/stripe-provider.ts");
    expect(files).toContain("test/workers/payments-stand-in-strict.test.ts");
  });

  it("are never widened past the package's params types: no cast, intersection or any", () => {
    expect(files.flatMap(widenings)).toEqual([]);
  });
});
