// The harness's dev tools beside the seats: the inspector (with its acts on the live room,
// inspector-acts.tsx) and the action log of the room the seats play in, fed by the room's observer
// (room-observer.ts). Collapsible; every control is a button, a select, a text field or a
// <details>, so the keyboard reaches all of it.
import { render } from "preact";
import { useState } from "preact/hooks";
import { ActionLog, type LogFilters } from "./action-log";
import { Inspector, StatePanel } from "./inspector";
import { InspectorActs, useActs } from "./inspector-acts";
import type { ObservedRoom } from "./room-observer";
import { type ReplaySource, SaveReplay } from "./save-replay";

interface DevToolsProps {
  observed: ObservedRoom;
  seats: string[];
  replay: ReplaySource;
}

function DevTools({ observed, seats, replay }: DevToolsProps) {
  const [open, setOpen] = useState(true);
  const [selected, setSelected] = useState<number | null>(null);
  const [filters, setFilters] = useState<LogFilters>({ seat: "", kind: "all" });
  const at = selected === null ? -1 : observed.rows.findIndex((row) => row.index === selected);
  const row = observed.rows[at];
  const shown = row ? { row, before: observed.rows[at - 1] ?? null } : null;
  const acts = useActs(replay);
  // The acts work on the live room: none while an earlier entry is shown (read-only).
  const live = shown === null && observed.room?.started ? observed.room : null;
  return (
    <>
      <button
        type="button"
        class="tools-toggle"
        aria-expanded={open}
        aria-controls="dev-tools-body"
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide dev tools" : "Show dev tools"}
      </button>
      <div id="dev-tools-body" hidden={!open}>
        {observed.connected ? null : (
          <p class="notice" role="status">
            The room's observer is not connected; retrying…
          </p>
        )}
        <SaveReplay source={replay} />
        <Inspector
          live={observed.room}
          receivedAt={observed.receivedAt}
          selected={shown}
          onBackToLive={() => setSelected(null)}
          {...(live ? { fire: acts.fire } : {})}
        />
        {live ? <InspectorActs room={live} target={replay} answer={acts.answer} report={acts.report} /> : null}
        <ActionLog
          rows={observed.rows}
          dropped={observed.dropped}
          seats={seats}
          filters={filters}
          onFilters={setFilters}
          selected={row ? row.index : null}
          onSelect={setSelected}
        />
        <StatePanel live={observed.room} selected={shown} />
      </div>
    </>
  );
}

/** Draws the tools into `container`; call again with each change (the tools keep their own state). */
export function showDevTools(
  container: HTMLElement,
  observed: ObservedRoom,
  seats: string[],
  replay: ReplaySource,
): void {
  render(<DevTools observed={observed} seats={seats} replay={replay} />, container);
}

/** A fresh room: the tools start over (no selection, no filters). */
export function resetDevTools(container: HTMLElement): void {
  render(null, container);
}
