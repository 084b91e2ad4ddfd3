import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the plain closing line "N passed, N failed[, N skipped]" after vitest's own summary, so
 * CI (and a reader of its log) can count the tests whatever runner printed above it.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (import error, beforeAll) counts once, even when its tests show as skipped.
      failed += module.state() === "failed" && failedHere === 0 ? 1 : failedHere;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
