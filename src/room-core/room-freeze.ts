import { startClock, stopClock } from "../engine/game-clock";
import { frames } from "./frames";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";
import type { ConnectionInfo } from "./types";

/**
 * Whether the game runs: it is frozen while paused (document 3's emergency pause) or while nobody
 * is present. The game clock runs exactly while the game runs, and everyone hears when that changes.
 */
export class RoomFreeze {
  private readonly room: RoomContext;
  private wasFrozen: boolean;

  constructor(room: RoomContext) {
    this.room = room;
    this.syncClock();
    this.wasFrozen = room.frozen;
  }

  /** After anything that may freeze or unfreeze the room: the clock follows, everyone is told. */
  sync(out: OutcomeBuilder, by: string | null): void {
    this.syncClock();
    const frozen = this.room.frozen;
    if (frozen === this.wasFrozen) return;
    this.wasFrozen = frozen;
    if (!this.room.record.started) return;
    out.broadcast.push(frames.pauseState({ frozen, by, gameTime: this.room.gameTime() }));
    out.persistAt("batched");
  }

  syncClock(): void {
    const { record } = this.room;
    const now = this.room.now();
    const running = record.started && !this.room.frozen;
    record.clock = running ? startClock(record.clock, now) : stopClock(record.clock, now);
  }

  /** A seat asks for the emergency pause or lifts it; monitors cannot, nor anyone before the start. */
  setPaused(connection: ConnectionInfo, paused: boolean, out: OutcomeBuilder): void {
    const { record } = this.room;
    if (connection.monitor || !record.started) return;
    if ((record.paused !== null) === paused) return;
    // An operator's pause holds until an operator lifts it.
    if (record.paused?.operator) return;
    record.paused = paused ? { by: connection.playerId } : null;
    this.sync(out, connection.playerId);
    this.room.recording.note({ kind: "pause", paused, by: connection.playerId });
    out.persistAt("now");
  }
}
