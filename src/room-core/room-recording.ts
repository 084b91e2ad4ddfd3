import type { ParsedFrame } from "../engine/protocol";
import type { RoomInput } from "./inputs";
import type { JournalOperation, RoomJournal, RoomView } from "./journal";
import type { ConnectionInfo } from "./types";

/** What the recording reads of its room when it notes something. */
export interface RecordedRoom {
  now(): number;
  gameTime(): number;
  view(): RoomView;
}

/**
 * The room's replay recording: tells the dev journal (journal.ts), if the room has one, every
 * input as it runs and every operation that came of it. A room without a journal builds nothing.
 */
export class RoomRecording {
  private journal: RoomJournal | null;
  private readonly room: RecordedRoom;

  constructor(journal: RoomJournal | null, room: RecordedRoom) {
    this.journal = journal;
    this.room = room;
  }

  /** Whether the room has a journal: without one, no input need be built. */
  get on(): boolean {
    return this.journal !== null;
  }

  /** Starts (or replaces) the journal told of every operation from now on. */
  start(journal: RoomJournal): void {
    this.journal = journal;
  }

  /** What just happened, with the room as it stands now. */
  note(operation: JournalOperation): void {
    this.journal?.note({ ...operation, gameTime: this.room.gameTime() }, this.room.view());
  }

  /** An input as it starts to run; build it only when `on` (it costs nothing without a journal). */
  input(input: RoomInput): void {
    this.journal?.input(input, this.room.now());
  }

  /** A frame refused before it reached scenario code. */
  refused(connection: ConnectionInfo, code: string, parsed: ParsedFrame): void {
    if (!this.journal) return;
    const seq = parsed.ok ? (parsed.message.type === "__action" ? parsed.message.seq : null) : parsed.seq;
    this.note({ kind: "refused", seat: connection.playerId, code, seq });
  }
}
