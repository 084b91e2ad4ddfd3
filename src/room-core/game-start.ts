import { sameRoster } from "../engine/same-roster";
import type { Seat } from "../engine/types";
import { frames } from "./frames";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";
import type { ConnectionInfo } from "./types";
import { setupInputOf } from "./views";

/**
 * The roster is pinned by the first connection that brings one. A later, different one is not
 * refused: the connection joins as a quiet observer, with a warning. Equal means the same seats
 * in the same order, with the same role and name (a bare id equals {id} without role or name).
 */
export function pinRoster(room: RoomContext, connection: ConnectionInfo, roster: Seat[], out: OutcomeBuilder): void {
  if (!room.record.roster) {
    room.record.roster = roster;
    out.persistAt("batched");
  } else if (!sameRoster(room.record.roster, roster)) {
    room.log("warn", "roster differs from the pinned roster; the connection joins as a quiet observer", {
      playerId: connection.playerId,
    });
    connection.quietObserver = true;
  }
}

/** setup() with the pinned roster, then __game_start to all and an immediate write; false when setup failed. */
export async function startGame(room: RoomContext, out: OutcomeBuilder): Promise<boolean> {
  const players = room.record.roster as Seat[];
  const input = setupInputOf(players, room.record.rng, room.presence());
  const ran = await room.logic.run({ kind: "setup", input }, "setup() failed; the game did not start");
  if (!ran.ok) {
    room.recording.note({ kind: "start_failed", error: ran.error });
    out.broadcast.push(frames.actionError("setup_failed", `The game could not start: ${ran.error}`, null));
    return false;
  }
  room.adopt(ran.result);
  room.record.started = true;
  room.record.tick = 0;
  room.recording.note({ kind: "start", roster: players, seed: room.record.seed });
  out.broadcast.push(frames.gameStart(ran.stateJson, { players, seed: room.record.seed, gameTime: 0 }));
  out.persistAt("now");
  return true;
}
