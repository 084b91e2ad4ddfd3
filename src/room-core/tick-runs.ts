import { frames } from "./frames";
import { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";

/** One step of the tick loop: update() and a __tick to all, while the game runs with someone there. */
export async function runTick(room: RoomContext): Promise<OutcomeBuilder> {
  const { record } = room;
  const out = new OutcomeBuilder();
  const tickRate = (await room.logic.describe()).tickRate;
  if (!record.started || room.frozen || room.connections.size === 0 || tickRate === 0) return out;
  if (room.recording.on) room.recording.input({ kind: "tick" });
  record.tick++;
  const ran = await room.logic.run({ kind: "tick", input: room.logicInput(null) }, "update() threw; tick skipped");
  if (!ran.ok) {
    room.recording.note({ kind: "tick", tick: record.tick, ok: false, events: [] });
    return out;
  }
  room.adopt(ran.result);
  room.recording.note({ kind: "tick", tick: record.tick, ok: true, events: ran.result.events });
  out.broadcast.push(
    frames.tick(ran.stateJson, { events: ran.result.events, tick: record.tick, gameTime: room.gameTime() }),
  );
  out.persistAt("batched");
  return out;
}

/**
 * Whether a room's ticks run after an operation: the game has a tick rate, has started, is not
 * frozen, and a socket is open. The Durable Object's tick loop and the test room's follow this one rule.
 */
export function ticksRun(outcome: { tickRate: number; started: boolean; frozen: boolean }, openCount: number): boolean {
  return outcome.tickRate > 0 && outcome.started && !outcome.frozen && openCount > 0;
}
