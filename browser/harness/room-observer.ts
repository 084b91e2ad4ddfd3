// The harness's side of a room's dev-only observer (workers/rooms/routes/dev-rooms.ts, through the
// harness server): the log rows so far and every new or grown one, kept in order by index.
import type { RoomView } from "../../src/room-core/journal";
import { type LogRow, MAX_LOG_ROWS } from "../../src/room-core/journal-book";

export interface ObservedRoom {
  rows: LogRow[];
  /** Rows the room no longer keeps (the oldest of a long game). */
  dropped: number;
  /** The room as of the latest operation; null before the first connection made it. */
  room: RoomView | null;
  /** When `room` arrived (performance.now()), so the inspector can run the game clock on. */
  receivedAt: number;
  connected: boolean;
}

interface Hello {
  rows: LogRow[];
  dropped: number;
  room: RoomView | null;
}

/**
 * Opens the observer of one room; `onChange` gets the whole picture after every event. Resolves
 * once the observer answered (or failed), so seats join only after the journal started.
 */
export function observeRoom(
  revisionId: string,
  roomId: string,
  onChange: (observed: ObservedRoom) => void,
): { ready: Promise<void>; close(): void } {
  const observed: ObservedRoom = { rows: [], dropped: 0, room: null, receivedAt: 0, connected: false };
  const source = new EventSource(
    `/rooms/dev/rooms/${encodeURIComponent(revisionId)}/${encodeURIComponent(roomId)}/observe`,
  );
  let settle: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    settle = resolve;
  });
  source.addEventListener("hello", (event) => {
    const hello = JSON.parse((event as MessageEvent<string>).data) as Hello;
    Object.assign(observed, { rows: hello.rows, dropped: hello.dropped, room: hello.room, connected: true });
    observed.receivedAt = performance.now();
    onChange({ ...observed });
    settle();
  });
  source.addEventListener("row", (event) => {
    const row = JSON.parse((event as MessageEvent<string>).data) as LogRow;
    const rows = observed.rows;
    const last = rows.at(-1);
    if (last && last.index === row.index) rows[rows.length - 1] = row;
    else rows.push(row);
    if (rows.length > MAX_LOG_ROWS) {
      rows.shift();
      observed.dropped++;
    }
    observed.room = row.view;
    observed.receivedAt = performance.now();
    onChange({ ...observed, rows: [...rows] });
  });
  source.addEventListener("error", () => {
    observed.connected = false;
    onChange({ ...observed });
    settle();
  });
  return { ready, close: () => source.close() };
}
