import type { RoomInput } from "../../src/room-core/inputs";
import type { JournalEntry, RoomJournal, RoomView } from "../../src/room-core/journal";
import { JournalBook, type LogRow } from "../../src/room-core/journal-book";
import { ReplayRecorder } from "../../src/room-core/replay-recorder";

/** A subscriber that lets this many events pile up unread is dropped rather than buffered without end. */
const MAX_UNREAD_EVENTS = 2_000;

/**
 * The dev-only observer of one room (docs/authoring.md "Inspector"): the room's journal, kept from
 * the first time a dev tool asked for it, streamed as server-sent events. `hello` carries the log so
 * far and the room as it stands; each `row` after it a new row of the log, or a run of ticks or
 * inputs that grew (same index). It also records the room's replay (replay-recorder.ts). The Room
 * makes one only in dev (room-host.ts).
 */
export class DevObserver {
  private readonly book = new JournalBook();
  private readonly recorder = new ReplayRecorder();
  private readonly subscribers = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private readonly encoder = new TextEncoder();

  /** What the room core is handed as its journal. */
  readonly journal: RoomJournal = {
    input: (input: RoomInput, at: number) => this.recorder.input(input, at),
    note: (entry: JournalEntry, view: RoomView) => {
      this.recorder.note(entry, view);
      const row = this.book.note(entry, view);
      if (this.subscribers.size > 0) this.publish("row", row);
    },
  };

  /** The journal began after the room had started (the room existed before anyone observed it). */
  joinedLate(): void {
    this.recorder.joinedLate();
  }

  /** A new event stream: `hello` at once, then a `row` per operation. */
  subscribe(room: RoomView | null): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.subscribers.add(writer);
    const { rows, dropped } = this.book.log();
    this.write(writer, "hello", { rows, dropped, room: room ?? this.book.latest() });
    return new Response(readable, {
      headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store" },
    });
  }

  /** The room's replay so far (src/room-core/replay.ts); null before it ran anything. */
  replay() {
    return this.recorder.replay();
  }

  /** False when the journal began after the room had run: no replay can start at its beginning. */
  get replayable(): boolean {
    return this.recorder.replayable;
  }

  private publish(event: string, row: LogRow) {
    const bytes = this.encode(event, row);
    for (const writer of this.subscribers) this.send(writer, bytes);
  }

  private write(writer: WritableStreamDefaultWriter<Uint8Array>, event: string, data: unknown) {
    this.send(writer, this.encode(event, data));
  }

  private encode(event: string, data: unknown): Uint8Array {
    return this.encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private send(writer: WritableStreamDefaultWriter<Uint8Array>, bytes: Uint8Array) {
    if ((writer.desiredSize ?? 0) < -MAX_UNREAD_EVENTS) {
      this.drop(writer);
      return;
    }
    writer.write(bytes).catch(() => this.drop(writer));
  }

  private drop(writer: WritableStreamDefaultWriter<Uint8Array>) {
    if (!this.subscribers.delete(writer)) return;
    writer.abort().catch(() => {});
  }
}
