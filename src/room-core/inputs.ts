import type { ParsedFrame } from "../engine/protocol";
import type { Seat } from "../engine/types";
import type { RoomCore } from "./room-core";
import type { ConnectionInfo, RoomOutcome } from "./types";

/**
 * Everything that enters a room, one operation of its queue each. Given the record a core was
 * made from (and the live connections it was handed), these inputs in their order, each with the
 * time it ran at, make the room what it is: a replay feeds them to a new core.
 *
 * Seat presence is an input like the others: it changes only with `connect` (a seat comes online
 * with its first connection) and `disconnect` (offline with its last). ctx.presence, the seats
 * seen so far and every onPresence call follow from these two, in queue order, never from the
 * clock or from a look at the sockets.
 */
export type RoomInput =
  | { kind: "connect"; connection: ConnectionInfo; roster: Seat[] | null }
  | { kind: "disconnect"; connectionId: string }
  | { kind: "frame"; connectionId: string; frame: ParsedFrame }
  | { kind: "tick" }
  | { kind: "deadlines" };

/** Runs one input on the core: the same call the Durable Object and the solo mode make for it. */
export function applyInput(core: RoomCore, input: RoomInput): Promise<RoomOutcome> {
  switch (input.kind) {
    case "connect":
      return core.connect({ ...input.connection }, input.roster);
    case "disconnect":
      return core.disconnect(input.connectionId);
    case "frame":
      return core.receive(input.connectionId, input.frame);
    case "tick":
      return core.tick();
    case "deadlines":
      return core.fireDeadlines();
  }
}
