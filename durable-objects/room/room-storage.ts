import type { RoomRecord } from "../../src/room-core/types";
import { WriteBatcher, type WriteReservation } from "./write-batcher";

/** State writes are batched at most this far apart; at most this much can be lost on a restart. */
export const WRITE_DELAY_MS = 500;
const RECORD_KEY = "room";

/**
 * Writes the room record to Durable Object storage: batched (at once after WRITE_DELAY_MS without
 * a write, else one reservation at a time, never re-armed, so a write happens at most
 * WRITE_DELAY_MS after the first change), or at once. The reservation is the room's alarm
 * (`reservation`), not a timer: a pending timer in a Durable Object
 * made every WebSocket message of the room about 0.5 ms slower (docs/decisions/0019-the-batched-write-is-reserved-in-the-alarm-not.md).
 */
export class RoomStorage {
  private readonly batcher: WriteBatcher;
  /** How many writes reached storage since the object started (for the benchmark). */
  writes = 0;

  constructor(storage: DurableObjectStorage, snapshot: () => RoomRecord, reservation: WriteReservation) {
    const write = () => {
      storage.kv.put(RECORD_KEY, snapshot());
      this.writes++;
    };
    this.batcher = new WriteBatcher(write, WRITE_DELAY_MS, reservation);
  }

  static read(storage: DurableObjectStorage): RoomRecord | undefined {
    return storage.kv.get<RoomRecord>(RECORD_KEY);
  }

  writeSoon(): void {
    this.batcher.writeSoon();
  }

  writeNow(): void {
    this.batcher.writeNow();
  }

  /** Writes a change still waiting for its reservation. */
  flush(): void {
    this.batcher.flush();
  }
}
