import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const TIC_TAC_TOE = path.resolve(import.meta.dirname, "../../../examples/tic-tac-toe");

/** A copy of examples/tic-tac-toe in a fresh temporary folder, its logic without the bots export. */
export function ticTacToeWithoutBots(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "loadtest-no-bots-"));
  cpSync(TIC_TAC_TOE, dir, { recursive: true });
  const logic = readFileSync(path.join(dir, "logic.js"), "utf8");
  const cut = logic.indexOf("export const bots");
  if (cut < 0) throw new Error("examples/tic-tac-toe/logic.js has no bots export to cut");
  writeFileSync(path.join(dir, "logic.js"), logic.slice(0, cut));
  return dir;
}
