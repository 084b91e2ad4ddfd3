// The action log: every operation of the room in order, filterable by seat and kind; a row
// selected (click, Enter, or the arrow keys within the list) shows the room after it.
import { useEffect, useRef } from "preact/hooks";
import type { LogRow } from "../../src/room-core/journal-book";
import { FILTER_KINDS, type FilterKind, gameTimeText, isRejected, matchesKind, rowText, seatOfRow } from "./row-text";

export interface LogFilters {
  seat: string;
  kind: FilterKind;
}

export interface ActionLogProps {
  rows: LogRow[];
  dropped: number;
  seats: string[];
  filters: LogFilters;
  onFilters: (filters: LogFilters) => void;
  selected: number | null;
  onSelect: (index: number) => void;
}

export function ActionLog({ rows, dropped, seats, filters, onFilters, selected, onSelect }: ActionLogProps) {
  const shown = rows.filter(
    (row) => matchesKind(row, filters.kind) && (filters.seat === "" || seatOfRow(row) === filters.seat),
  );
  const list = useRef<HTMLOListElement>(null);
  // While live, the newest row stays in view.
  useEffect(() => {
    if (selected === null && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [rows, selected]);

  const moveSelection = (event: KeyboardEvent, position: number) => {
    const next = event.key === "ArrowDown" ? position + 1 : event.key === "ArrowUp" ? position - 1 : -1;
    const row = shown[next];
    if (!row) return;
    event.preventDefault();
    onSelect(row.index);
    list.current?.querySelector<HTMLButtonElement>(`button[data-index="${row.index}"]`)?.focus();
  };

  return (
    <section class="action-log" aria-labelledby="log-title">
      <h2 id="log-title">Action log</h2>
      <div class="filters">
        <label>
          Seat{" "}
          <select
            data-testid="filter-seat"
            value={filters.seat}
            onChange={(event) => onFilters({ ...filters, seat: event.currentTarget.value })}
          >
            <option value="">every seat</option>
            {seats.map((seat) => (
              <option key={seat} value={seat}>
                {seat}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Kind{" "}
          <select
            data-testid="filter-kind"
            value={filters.kind}
            onChange={(event) => onFilters({ ...filters, kind: event.currentTarget.value as FilterKind })}
          >
            {Object.entries(FILTER_KINDS).map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {dropped > 0 ? <p class="muted">{dropped} earlier operations are no longer kept.</p> : null}
      <ol class="log" ref={list} data-testid="log">
        {shown.map((row, position) => (
          <li key={row.index}>
            <button
              type="button"
              data-index={row.index}
              data-kind={row.entry.kind}
              class={isRejected(row) ? "rejected" : undefined}
              aria-pressed={selected === row.index}
              onClick={() => onSelect(row.index)}
              onKeyDown={(event) => moveSelection(event, position)}
            >
              <span class="log-index">#{row.index}</span>{" "}
              <span class="log-time">{gameTimeText(row.entry.gameTime)}</span> {rowText(row)}
            </button>
          </li>
        ))}
      </ol>
      {shown.length === 0 ? <p class="muted">Nothing yet{rows.length > 0 ? " for these filters" : ""}.</p> : null}
    </section>
  );
}
