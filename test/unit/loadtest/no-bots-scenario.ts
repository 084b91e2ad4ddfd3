import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { initScenario } from "../../../tools/cli/init-scenario.ts";

/** A new tic-tac-toe scenario (`scenario init`) in a fresh temporary folder, its logic without the bots export. */
export function ticTacToeWithoutBots(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "loadtest-no-bots-"));
  initScenario({ dir, template: "turn-based", js: false });
  const file = path.join(dir, "src/logic.ts");
  const logic = readFileSync(file, "utf8");
  const cut = logic.indexOf("export const bots");
  if (cut < 0) throw new Error("the turn-based template's src/logic.ts has no bots export to cut");
  writeFileSync(file, logic.slice(0, cut));
  return dir;
}
