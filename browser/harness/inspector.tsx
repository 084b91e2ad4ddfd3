// The inspector: the room as it stands (or as it stood after a selected log row), its ids, roster
// and presence, clock, pause, pending deadlines and state; with the change a selected row made.
import { useEffect, useState } from "preact/hooks";
import type { RoomView } from "../../src/room-core/journal";
import type { LogRow } from "../../src/room-core/journal-book";
import { MAX_CHANGES, stateChanges } from "../../src/room-core/state-diff";
import { JsonTree } from "./json-tree";
import { gameTimeText, rowText } from "./row-text";

export interface InspectorProps {
  live: RoomView | null;
  /** When the live view arrived (performance.now()): the clock runs on from there. */
  receivedAt: number;
  /** A selected row of the log (time travel), and the row before it, if it is still kept. */
  selected: { row: LogRow; before: LogRow | null } | null;
  onBackToLive: () => void;
  /** Fires a pending deadline now (inspector-acts.ts); absent while the view is not live. */
  fire?: (name: string) => void;
}

/** The room's facts: ids, clock, pause, roster and presence, pending deadlines. */
export function Inspector({ live, receivedAt, selected, onBackToLive, fire }: InspectorProps) {
  const room = selected ? selected.row.view : live;
  return (
    <section class="inspector" aria-labelledby="inspector-title">
      <h2 id="inspector-title">Inspector</h2>
      {selected ? (
        <p class="time-travel" data-testid="time-travel">
          After #{selected.row.index} <span class="muted">(read-only)</span>{" "}
          <button type="button" onClick={onBackToLive}>
            Back to live
          </button>
        </p>
      ) : null}
      {room ? (
        <RoomFacts room={room} receivedAt={selected ? null : receivedAt} fire={fire} />
      ) : (
        <p>No one has joined this room yet.</p>
      )}
    </section>
  );
}

/** The state (live, or after the selected row) as a tree, and what the selected row changed. */
export function StatePanel({ live, selected }: Pick<InspectorProps, "live" | "selected">) {
  const room = selected ? selected.row.view : live;
  if (!room) return null;
  return (
    <section class="state" aria-labelledby="state-title">
      <h2 id="state-title">State {selected ? `after #${selected.row.index}` : "(live)"}</h2>
      {selected ? <Changes row={selected.row} before={selected.before} /> : null}
      <JsonTree value={room.state} />
    </section>
  );
}

function RoomFacts({
  room,
  receivedAt,
  fire,
}: {
  room: RoomView;
  receivedAt: number | null;
  fire?: (name: string) => void;
}) {
  const gameTime = useRunningClock(room, receivedAt);
  const status = room.paused ? `paused by ${room.paused.by}` : room.frozen ? "frozen (nobody present)" : "running";
  return (
    <>
      <dl class="facts">
        <dt>revision</dt>
        <dd data-testid="revision">{room.revisionId}</dd>
        <dt>codeId</dt>
        <dd>{room.codeId}</dd>
        <dt>game time</dt>
        <dd data-testid="game-time">{gameTimeText(gameTime)}</dd>
        <dt>tick</dt>
        <dd data-testid="tick">{room.tick}</dd>
        <dt>clock</dt>
        <dd data-testid="clock">{room.started ? status : "not started"}</dd>
        <dt>seed</dt>
        <dd>{room.seed}</dd>
      </dl>
      <h3>Roster and presence</h3>
      <table class="presence" data-testid="presence">
        <thead>
          <tr>
            <th scope="col">seat</th>
            <th scope="col">role</th>
            <th scope="col">online</th>
          </tr>
        </thead>
        <tbody>
          {room.presence.seats.map((seat) => (
            <tr key={seat.seatId} data-seat={seat.seatId}>
              <td>{seat.seatId}</td>
              <td>{seat.role ?? ""}</td>
              <td>{seat.online ? `yes (${seat.connections})` : "no"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">observers: {room.presence.observers.count}</p>
      <h3>Pending deadlines</h3>
      {Object.keys(room.deadlines).length === 0 ? (
        <p class="muted">none</p>
      ) : (
        <ul class="deadlines" data-testid="deadlines">
          {Object.entries(room.deadlines).map(([name, deadline]) => (
            <li key={name}>
              {name} at {gameTimeText(deadline.at)}
              {deadline.at >= gameTime ? ` (in ${gameTimeText(deadline.at - gameTime)})` : " (due)"}
              {fire ? (
                <>
                  {" "}
                  <button type="button" class="fire-now" aria-label={`Fire now: ${name}`} onClick={() => fire(name)}>
                    Fire now
                  </button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Game time now: the view's, run on while the clock runs (a live view only). */
function useRunningClock(room: RoomView, receivedAt: number | null): number {
  const running = receivedAt !== null && room.started && !room.frozen;
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => redraw((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [running]);
  return running ? room.gameTime + (performance.now() - (receivedAt ?? 0)) : room.gameTime;
}

function Changes({ row, before }: { row: LogRow; before: LogRow | null }) {
  if (!before) return <p class="muted">{`#${row.index}: ${rowText(row)}. No earlier state is kept to compare.`}</p>;
  const changes = stateChanges(before.view.state, row.view.state);
  return (
    <section class="changes" data-testid="changes">
      <h3>
        Changes by #{row.index} <span class="muted">{rowText(row)}</span>
      </h3>
      {changes.length === 0 ? <p class="muted">The state did not change.</p> : null}
      <ul>
        {changes.slice(0, MAX_CHANGES).map((change) => (
          <li key={change.path} class={`change-${change.kind}`}>
            <code>{change.path}</code>{" "}
            {change.kind === "added"
              ? `added ${JSON.stringify(change.after)}`
              : change.kind === "removed"
                ? `removed (was ${JSON.stringify(change.before)})`
                : `${JSON.stringify(change.before)} → ${JSON.stringify(change.after)}`}
          </li>
        ))}
      </ul>
      {changes.length > MAX_CHANGES ? <p class="muted">… {changes.length - MAX_CHANGES} more changes</p> : null}
    </section>
  );
}
