/** axe-core (the npm package, injected into the page; nothing downloaded) as the browser tests run it. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Frame, Page } from "playwright-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * The serious and critical violations axe finds on the page (or the frame: a harness seat) as it
 * is now (or in the elements `include` selects), one line each. axe reads a frame inside (the
 * lobby's game) through a copy of itself in that frame, so every frame gets one.
 */
export async function seriousViolations(page: Page | Frame, include?: string[]): Promise<string[]> {
  const frames = "frames" in page ? page.frames() : [page, ...page.childFrames()];
  for (const frame of frames) await frame.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (selectors) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<unknown> } }).axe;
    const context = selectors ? { include: selectors.map((selector) => [selector]) } : document;
    const results = (await axe.run(context, { resultTypes: ["violations"] })) as { violations: Violation[] };
    return results.violations;
  }, include);
  const where = new URL(page.url()).pathname;
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `${node.target.join(" ")} (${node.failureSummary ?? ""})`);
      return `${where}: ${violation.id} [${violation.impact}] ${violation.help}: ${nodes.join("; ")}`.replace(
        /\s+/g,
        " ",
      );
    });
}
