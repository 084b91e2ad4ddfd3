import type { JournalEntry, RoomJournal } from "./journal";
import type { Replay } from "./replay";
import { ReplayRecorder } from "./replay-recorder";
import type { TestEvent, TestLogLine } from "./test-room-types";
import type { RoomLogger } from "./types";

/**
 * What a test room keeps of its room (test-room.ts): the journal's events in order with what
 * emitted them, the room's log lines, a failed setup(), and the replay of everything it ran.
 */
export class TestRoomNotes {
  private readonly recorder = new ReplayRecorder();
  private readonly emitted: TestEvent[] = [];
  private readonly lines: TestLogLine[] = [];
  /** setup()'s error, once it threw: the game did not start. */
  startFailure: string | null = null;

  /** What the room core is handed as its journal. */
  readonly journal: RoomJournal = {
    input: (input, at) => this.recorder.input(input, at),
    note: (entry, view) => {
      this.recorder.note(entry, view);
      this.collect(entry);
    },
  };

  /** What the room core is handed as its logger. */
  readonly log: RoomLogger = (level, message, fields) =>
    void this.lines.push(fields ? { level, message, fields } : { level, message });

  get events(): TestEvent[] {
    return [...this.emitted];
  }

  /** The events from the `from`-th on. */
  eventsSince(from: number): TestEvent[] {
    return this.emitted.slice(from);
  }

  get logs(): TestLogLine[] {
    return [...this.lines];
  }

  replay(): Replay {
    const replay = this.recorder.replay();
    if (!replay) throw new Error("the room has run nothing yet");
    return replay;
  }

  private collect(entry: JournalEntry) {
    const add = (list: { name: string; data?: unknown }[], about: Omit<TestEvent, "name" | "data">) =>
      this.emitted.push(...list.map((event): TestEvent => ({ ...event, ...about })));
    switch (entry.kind) {
      case "start_failed":
        this.startFailure = entry.error;
        return;
      case "action":
        if (!entry.result.ok) return;
        add(entry.result.events, { cause: "action", seat: entry.seat, action: entry.action });
        add(entry.result.serverEvents, { cause: "action", seat: entry.seat, action: entry.action, server: true });
        return;
      case "tick":
        if (entry.ok) add(entry.events, { cause: "tick" });
        return;
      case "deadline":
        if (!entry.ok) return;
        add(entry.events, { cause: "deadline", deadline: entry.name });
        add(entry.serverEvents, { cause: "deadline", deadline: entry.name, server: true });
        return;
      case "presence":
        if (!entry.ok) return;
        add(entry.events, { cause: "presence", seat: entry.seat });
        add(entry.serverEvents, { cause: "presence", seat: entry.seat, server: true });
        return;
    }
  }
}
