import type { RoomRecord } from "../../src/room-core/types";

/** State writes are batched at most this far apart; at most this much can be lost on a restart. */
export const WRITE_DELAY_MS = 500;
const RECORD_KEY = "room";

/**
 * Writes the room record to Durable Object storage: batched (one reservation at a time, never
 * re-armed, so a write happens at most WRITE_DELAY_MS after the first change), or at once.
 */
export class RoomStorage {
  private pending: ReturnType<typeof setTimeout> | null = null;
  private readonly storage: DurableObjectStorage;
  private readonly snapshot: () => RoomRecord;
  /** How many writes reached storage since the object started (for the benchmark). */
  writes = 0;

  constructor(storage: DurableObjectStorage, snapshot: () => RoomRecord) {
    this.storage = storage;
    this.snapshot = snapshot;
  }

  static read(storage: DurableObjectStorage): RoomRecord | undefined {
    return storage.kv.get<RoomRecord>(RECORD_KEY);
  }

  writeSoon(): void {
    if (this.pending) return;
    this.pending = setTimeout(() => this.writeNow(), WRITE_DELAY_MS);
  }

  writeNow(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    this.storage.kv.put(RECORD_KEY, this.snapshot());
    this.writes++;
  }
}
