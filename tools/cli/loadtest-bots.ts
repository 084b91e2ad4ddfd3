/**
 * Where the bots of `scenario loadtest` come from: a replay file (`--replay`), whose recorded
 * actions they play back, or else the logic module's `bots` export.
 */
import type { ScenarioBots, Seat } from "../../src/engine/types.ts";
import type { Replay } from "../../src/room-core/replay.ts";
import { loadReplayEngine } from "../build/replay-engine.ts";
import {
  BotError,
  botsFromRecordedActions,
  botsOfBundle,
  type RecordedAction,
  recordedActionsBySeatPlace,
} from "../loadtest/bots.ts";
import { readReplayFile } from "./replay-file.ts";

/** A replay file `--replay` cannot use (exit 2, before anything starts), with the replay reader's message. */
export class ReplayFileError extends Error {
  override name = "ReplayFileError";
}

export interface RecordedGame {
  file: string;
  actions: RecordedAction[];
  /** The replay's roster, in its order (empty when the room pinned none). */
  seatIds: string[];
}

/** The recorded actions of a replay file, read and checked as `scenario replay` reads one. */
export async function readRecordedGame(file: string): Promise<RecordedGame> {
  const engine = await loadReplayEngine();
  let replay: Replay;
  try {
    replay = readReplayFile(engine, file);
  } catch (error) {
    if (error instanceof engine.ReplayError) throw new ReplayFileError(`${file}: ${error.message}`);
    throw error;
  }
  const actions = engine.replayActions(replay);
  if (actions.length === 0) throw new ReplayFileError(`${file}: the replay holds no actions for the bots to play back`);
  return { file, actions, seatIds: replay.roster?.map((seat) => seat.id) ?? [] };
}

/**
 * The run's bots: the replay's when there is one (it wins over a bots export, and says so), else
 * the logic module's `bots` export; with neither, a BotError naming both ways.
 */
export async function chooseBots(
  code: string,
  logicEntry: string,
  recorded: RecordedGame | null,
  roster: Seat[],
  log: (line: string) => void,
): Promise<ScenarioBots> {
  const own = await botsOfBundle(code);
  if (!recorded) {
    if (own) return own;
    throw new BotError(
      `${logicEntry} has no bots export: add one, or pass --replay <file.json> to play back a saved game (docs/authoring.md, "Bots")`,
    );
  }
  const { actions, leftOut } = recordedActionsBySeatPlace(recorded.actions, recorded.seatIds, roster);
  const perSeat = roster.map((seat) => `${seat.id} ${actions.filter((a) => a.seatId === seat.id).length}`);
  log(
    `bots: the actions recorded in ${recorded.file}, played back per seat (${perSeat.join(", ")})${own ? "; --replay wins over the bots export" : ""}`,
  );
  if (leftOut.length > 0)
    log(`bots: the replay's seats ${leftOut.join(", ")} have no seat here (--seats) and are left out`);
  return botsFromRecordedActions(actions);
}
