import type { ClientMessage } from "../engine/protocol";
import type { Seat } from "../engine/types";
import { type InspectorAct, inspect } from "./inspector-acts";
import type { RoomCore } from "./room-core";
import type { ConnectionInfo, RoomOutcome } from "./types";

/**
 * Everything that enters a room, one operation of its queue each: the one shape of "an input to
 * the room". The Durable Object and the solo mode feed them to the core; the core tells its
 * journal each one it runs, at the instant it runs it (dev tools); a replay (replay.ts) is these
 * inputs with their times, fed to a new core made from the same seed, roster and revision.
 *
 * Seat presence is an input like the others: it changes only with `connect` (a seat comes online
 * with its first connection) and `disconnect` (offline with its last). ctx.presence, the seats
 * seen so far and every onPresence call follow from these two, in queue order, never from the
 * clock or from a look at the sockets. A `frame` is a client message already checked at the edge
 * (engine/parse-frame.ts): a malformed frame is refused there and is no input.
 */
export type RoomInput =
  | { kind: "connect"; connection: ConnectionInfo; roster: Seat[] | null }
  | { kind: "disconnect"; connectionId: string }
  | { kind: "frame"; connectionId: string; message: ClientMessage }
  | { kind: "tick" }
  | { kind: "deadlines" }
  /** From the operator console: a pause held or lifted, or the room closed with a message to its seats. */
  | { kind: "operator"; pause?: boolean; close?: string }
  /** Dev only: the harness's inspector edited the state, ran an action as a seat, or fired a deadline now. */
  | { kind: "inspector"; act: InspectorAct };

/** Runs one input on the core: the same call the Durable Object and the solo mode make for it. */
export function applyInput(core: RoomCore, input: RoomInput): Promise<RoomOutcome> {
  switch (input.kind) {
    case "connect":
      return core.connect({ ...input.connection }, input.roster);
    case "disconnect":
      return core.disconnect(input.connectionId);
    case "frame":
      return core.receive(input.connectionId, { ok: true, message: input.message });
    case "tick":
      return core.tick();
    case "deadlines":
      return core.fireDeadlines();
    case "operator":
      return core.operator(input.close !== undefined ? { close: input.close } : { pause: input.pause === true });
    case "inspector":
      return inspect(core, input.act).then(({ outcome }) => outcome);
  }
}
