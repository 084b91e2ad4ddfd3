import { readFileSync, statSync } from "node:fs";
import type { Replay } from "../../src/room-core/replay.ts";
import type { ReplayEngine } from "../build/replay-engine.ts";

/**
 * Reads and checks a replay file for the CLI's commands (`scenario replay`, `scenario loadtest
 * --replay`); a file that is missing, too large (refused by its size, before it is read) or not a
 * replay is the engine's ReplayError.
 */
export function readReplayFile(engine: ReplayEngine, file: string): Replay {
  const { MAX_REPLAY_FILE_BYTES, ReplayError } = engine;
  let size: number;
  try {
    size = statSync(file).size;
  } catch (error) {
    throw new ReplayError(`cannot read it: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (size > MAX_REPLAY_FILE_BYTES) {
    throw new ReplayError(`it is ${size} bytes; a replay file may be at most ${MAX_REPLAY_FILE_BYTES} bytes`);
  }
  return engine.parseReplay(readFileSync(file, "utf8"));
}
