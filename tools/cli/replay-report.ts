import type { ReplayStep } from "../../src/room-core/replay.ts";
import type { ReplayVerdict, StepOutcome } from "../../src/room-core/replay-run.ts";
import type { StateChange } from "../../src/room-core/state-diff.ts";

/**
 * Control characters (C0, DEL, C1) and bidirectional overrides, which a terminal would act on:
 * a replay file is anybody's, and its ids and names are printed.
 */
const UNPRINTABLE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Text from the replay file as it can be printed: each unprintable character as its \u escape. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`);
}

/** At most this many changed paths are printed; the rest are counted. */
const MAX_PRINTED_CHANGES = 20;
const MAX_VALUE_CHARS = 200;

/** What `scenario replay` prints for a verdict. */
export function replayReport(verdict: ReplayVerdict, total: number): string {
  if (verdict.matches) return `replay matches: all ${total} steps have the recorded outcome and state`;
  const { index, step, seat, recorded, now, changes } = verdict.divergence;
  const lines = [
    `replay differs at step ${index + 1} of ${total} (index ${index}, ${seconds(step.at)} into the room)`,
    `  step:     ${stepText(step, seat)}`,
  ];
  if (recorded.result || now.result) {
    lines.push(`  recorded: ${resultText(recorded.result)}`, `  now:      ${resultText(now.result)}`);
  }
  lines.push(...changesText(changes));
  return lines.join("\n");
}

export function stepText({ input }: ReplayStep, seat: string | null): string {
  const who = seat === null ? "?" : printable(seat);
  switch (input.kind) {
    case "connect":
      return `${who} joins (connection ${printable(input.connection.connectionId)}${input.connection.monitor ? ", a monitor" : ""})`;
    case "disconnect":
      return `${who} leaves (connection ${printable(input.connectionId)})`;
    case "tick":
      return "tick";
    case "deadlines":
      return "deadlines due";
    case "operator":
      if (input.close !== undefined) return `an operator closed the room (${value(input.close)})`;
      return input.pause ? "an operator paused the room" : "an operator lifted the pause";
    case "inspector":
      return inspectorText(input.act);
    case "frame": {
      const { message } = input;
      if (message.type === "__action")
        return `${who} action "${printable(message.action)}" ${value(message.payload)} (seq ${message.seq})`;
      if (message.type === "__input") return `${who} input ${value(message.data)}`;
      if (message.type === "__platform") return `${who} platform message ${printable(message.message.type)}`;
      return `${who} ${message.type.slice(2)}`;
    }
  }
}

function inspectorText(act: Extract<ReplayStep["input"], { kind: "inspector" }>["act"]): string {
  if (act.act === "edit_state") return "the inspector replaced the state (an operator's edit)";
  if (act.act === "fire_deadline") return `the inspector fired deadline "${printable(act.name)}" now`;
  return `the inspector ran action "${printable(act.action)}" ${value(act.payload)} as ${printable(act.seat)}`;
}

function resultText(result: StepOutcome["result"]): string {
  if (!result) return "no action ran";
  if (!result.ok) return `error ${printable(result.code)}${result.error ? ` (${printable(result.error)})` : ""}`;
  const events = result.events.map(
    (event) => `${printable(event.name)}${event.data === undefined ? "" : ` ${value(event.data)}`}`,
  );
  return events.length > 0 ? `ack, events: ${events.join(", ")}` : "ack, no events";
}

function changesText(changes: StateChange[]): string[] {
  if (changes.length === 0) return ["  state after it: the same as recorded"];
  const lines = [
    `  state after it, recorded → now (${changes.length} ${changes.length === 1 ? "change" : "changes"}):`,
  ];
  for (const change of changes.slice(0, MAX_PRINTED_CHANGES)) {
    const path = printable(change.path);
    if (change.kind === "added") lines.push(`    + ${path}: ${value(change.after)} (not recorded)`);
    else if (change.kind === "removed") lines.push(`    - ${path}: ${value(change.before)} (gone now)`);
    else lines.push(`    ~ ${path}: ${value(change.before)} → ${value(change.after)}`);
  }
  if (changes.length > MAX_PRINTED_CHANGES) lines.push(`    ... and ${changes.length - MAX_PRINTED_CHANGES} more`);
  return lines;
}

function value(data: unknown): string {
  // JSON escapes C0 controls, not DEL and C1.
  const text = printable(JSON.stringify(data) ?? "undefined");
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
