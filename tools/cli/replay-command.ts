/**
 * `scenario replay <dir> <replay.json>` (docs/authoring.md "Replays"): runs a replay saved from the
 * harness through the room core with the folder's logic as it is now, and says whether every step
 * still comes out as recorded. Exit 0: it matches; 1: it differs (the first step that does is
 * printed); 2: nothing could be compared (bad arguments, an unusable replay file, logic that does
 * not load).
 */
import { parseArgs } from "node:util";
import type { LogicRunner } from "../../src/engine/logic-runner.ts";
import type { Replay } from "../../src/room-core/replay.ts";
import { loadReplayEngine } from "../build/replay-engine.ts";
import { ManifestError } from "./manifest.ts";
import { readReplayFile } from "./replay-file.ts";
import { replayReport } from "./replay-report.ts";
import { BuildError } from "./run-build.ts";
import { LogicModuleError, loadScenarioLogic } from "./scenario-logic.ts";

export const REPLAY_USAGE = `Usage: scenario replay <dir> <replay.json>

  replay          run a replay saved from the harness ("save replay") through the room server's
                  core with the logic in dir as it is now; prints "replay matches" (exit 0) or the
                  first step whose outcome or state differs (exit 1); exit 2 when the replay or
                  the scenario cannot be used`;

export async function replayMain(argv: string[]): Promise<number> {
  let parsed: { positionals: string[]; values: { help?: boolean } };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  } catch (error) {
    return unusable(`${error instanceof Error ? error.message : String(error)}\n\n${REPLAY_USAGE}`);
  }
  const { positionals, values } = parsed;
  if (values.help) {
    console.log(REPLAY_USAGE);
    return 0;
  }
  const [, dir, file, ...extra] = positionals;
  if (!dir || !file || extra.length > 0) return unusable(REPLAY_USAGE);
  const engine = await loadReplayEngine();
  let replay: Replay;
  try {
    replay = readReplayFile(engine, file);
  } catch (error) {
    if (error instanceof engine.ReplayError) return unusable(`${file}: ${error.message}`);
    throw error;
  }
  let runner: LogicRunner;
  try {
    runner = new engine.LocalLogicRunner(await loadScenarioLogic(dir));
  } catch (error) {
    if (error instanceof ManifestError || error instanceof BuildError || error instanceof LogicModuleError)
      return unusable(error.message);
    return unusable(`the logic in ${dir} did not load: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (replay.truncated) {
    console.log(
      `scenario replay: the room ran longer than a replay keeps; these are its first ${replay.steps.length} steps`,
    );
  }
  const verdict = await engine.runReplay(replay, runner);
  console.log(replayReport(verdict, replay.steps.length));
  return verdict.matches ? 0 : 1;
}

function unusable(message: string): number {
  console.error(`scenario replay: ${message}`);
  return 2;
}
