// How a row of the action log reads, and which filter kind it falls under.
import type { GameEvent } from "../../src/engine/types";
import type { LogRow } from "../../src/room-core/journal-book";

/** The kinds the log filters by. */
export const FILTER_KINDS = {
  all: "every kind",
  action: "actions",
  rejected: "rejected (errors)",
  presence: "joins, leaves, offline, onPresence",
  ticks: "ticks",
  inputs: "inputs",
  deadline: "deadlines",
  room: "start, pause and operator edits",
} as const;

export type FilterKind = keyof typeof FILTER_KINDS;

export function matchesKind(row: LogRow, kind: FilterKind): boolean {
  const { entry } = row;
  switch (kind) {
    case "all":
      return true;
    case "action":
      return entry.kind === "action";
    case "rejected":
      return (entry.kind === "action" && !entry.result.ok) || entry.kind === "refused" || entry.kind === "start_failed";
    case "presence":
      return entry.kind === "join" || entry.kind === "leave" || entry.kind === "offline" || entry.kind === "presence";
    case "ticks":
      return entry.kind === "ticks";
    case "inputs":
      return entry.kind === "inputs";
    case "deadline":
      return entry.kind === "deadline";
    case "room":
      return entry.kind === "start" || entry.kind === "start_failed" || entry.kind === "pause" || entry.kind === "edit";
  }
}

/** The seat a row is about, if any. */
export function seatOfRow(row: LogRow): string | null {
  const { entry } = row;
  return "seat" in entry ? entry.seat : null;
}

/** A row in one line: what happened and what came of it. */
export function rowText(row: LogRow): string {
  const { entry } = row;
  switch (entry.kind) {
    case "join":
      return `${entry.seat} joined${entry.monitor ? " (monitor)" : entry.observer ? " (observer)" : ""}`;
    case "leave":
      return `${entry.seat} left`;
    case "offline":
      return `${entry.seat} offline (no connection since its grace began)`;
    case "start":
      return `game started: ${entry.roster.length} seats, seed ${entry.seed}`;
    case "start_failed":
      return `setup() failed: ${entry.error}`;
    case "action": {
      const call = `${entry.operator ? `operator as ${entry.seat}:` : entry.seat} ${entry.action} ${short(entry.payload)}`;
      if (!entry.result.ok) return `${call} → ${entry.result.code}: ${entry.result.error}`;
      const answer = entry.operator ? "applied" : `ack ${entry.seq ?? "-"}`;
      return `${call} → ${answer}${eventsText(entry.result.events, entry.result.serverEvents)}`;
    }
    case "refused":
      return `${entry.seat} frame refused → ${entry.code}`;
    case "ticks":
      return `${entry.count === 1 ? `tick ${entry.tick}` : `ticks ${entry.tick}–${entry.lastTick} (${entry.count})`}${
        entry.failed > 0 ? `, ${entry.failed} failed` : ""
      }${eventsText(entry.events)}`;
    case "inputs":
      return `${entry.seat} input${entry.count > 1 ? ` ×${entry.count}` : ""} ${short(entry.data)}`;
    case "deadline": {
      const fired = entry.operator ? "fired now by the operator" : "fired";
      return `deadline ${entry.name} ${entry.ok ? fired : "failed (rolled back)"}${eventsText(entry.events, entry.serverEvents)}`;
    }
    case "edit":
      return "operator edit: the state replaced";
    case "pause":
      return `${entry.by} ${entry.paused ? "paused the room" : "resumed the room"}`;
    case "presence":
      return `onPresence: ${entry.seat} ${entry.online ? "online" : "offline"} ${entry.ok ? "ran" : "failed (rolled back)"}${eventsText(entry.events, entry.serverEvents)}`;
  }
}

/** Whether the row is a refusal, to be shown as an error. */
export function isRejected(row: LogRow): boolean {
  const { entry } = row;
  return matchesKind(row, "rejected") || ((entry.kind === "deadline" || entry.kind === "presence") && !entry.ok);
}

export function gameTimeText(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function eventsText(events: GameEvent[], serverEvents: GameEvent[] = []): string {
  const names = [...events, ...serverEvents].map((event) => event.name);
  return names.length > 0 ? ` · events: ${names.join(", ")}` : "";
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? "";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
