import { stateToJson } from "../engine/state";
import type { LogicInput, RoomPresence, Seat } from "../engine/types";
import { lastAppliedSeq } from "./action-acks";
import { frames } from "./frames";
import { seatOf } from "./presence";
import type { ConnectionInfo, RoomRecord } from "./types";

/** What a piece of scenario code gets to see of the room. */
export function logicInputOf(
  record: RoomRecord,
  playerId: string | null,
  gameTime: number,
  inputs: Record<string, unknown>,
  presence: RoomPresence,
): LogicInput {
  return {
    state: record.state,
    playerId,
    players: record.roster ?? [],
    gameTime,
    tick: record.tick,
    inputs,
    presence,
    rng: record.rng,
    deadlines: record.deadlines,
  };
}

/** What setup() gets: the roster, who is here and the room's random state; nothing has happened yet. */
export function setupInputOf(players: Seat[], rng: number, presence: RoomPresence): LogicInput {
  return { state: null, playerId: null, players, gameTime: 0, tick: 0, inputs: {}, presence, rng, deadlines: {} };
}

/**
 * The full-state frame a connecting client replaces its state with. It carries everything
 * __game_start did (state, players, seed, gameTime), so a late joiner knows what early ones know.
 */
export function stateFrameOf(
  record: RoomRecord,
  connection: ConnectionInfo,
  view: { gameTime: number; frozen: boolean },
): string {
  return frames.state(stateToJson(record.state ?? null), {
    gameTime: view.gameTime,
    tick: record.tick,
    started: record.started,
    frozen: view.frozen,
    players: record.roster,
    seed: record.started ? record.seed : null,
    you: {
      connectionId: connection.connectionId,
      seatId: connection.playerId,
      observer: !seatOf(connection, record.roster),
      // The client's actions up to this seq are in `state`; any later one it sent is not.
      lastSeq: lastAppliedSeq(record, connection),
    },
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
