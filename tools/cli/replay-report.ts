import type { ReplayStep } from "../../src/room-core/replay.ts";
import type { ReplayVerdict, StepOutcome } from "../../src/room-core/replay-run.ts";
import type { StateChange } from "../../src/room-core/state-diff.ts";

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
  const who = seat ?? "?";
  switch (input.kind) {
    case "connect":
      return `${who} joins (connection ${input.connection.connectionId}${input.connection.monitor ? ", a monitor" : ""})`;
    case "disconnect":
      return `${who} leaves (connection ${input.connectionId})`;
    case "tick":
      return "tick";
    case "deadlines":
      return "deadlines due";
    case "frame": {
      const { message } = input;
      if (message.type === "__action")
        return `${who} action "${message.action}" ${value(message.payload)} (seq ${message.seq})`;
      if (message.type === "__input") return `${who} input ${value(message.data)}`;
      if (message.type === "__platform") return `${who} platform message ${message.message.type}`;
      return `${who} ${message.type.slice(2)}`;
    }
  }
}

function resultText(result: StepOutcome["result"]): string {
  if (!result) return "no action ran";
  if (!result.ok) return `error ${result.code}${result.error ? ` (${result.error})` : ""}`;
  const events = result.events.map(
    (event) => `${event.name}${event.data === undefined ? "" : ` ${value(event.data)}`}`,
  );
  return events.length > 0 ? `ack, events: ${events.join(", ")}` : "ack, no events";
}

function changesText(changes: StateChange[]): string[] {
  if (changes.length === 0) return ["  state after it: the same as recorded"];
  const lines = [
    `  state after it, recorded → now (${changes.length} ${changes.length === 1 ? "change" : "changes"}):`,
  ];
  for (const change of changes.slice(0, MAX_PRINTED_CHANGES)) {
    if (change.kind === "added") lines.push(`    + ${change.path}: ${value(change.after)} (not recorded)`);
    else if (change.kind === "removed") lines.push(`    - ${change.path}: ${value(change.before)} (gone now)`);
    else lines.push(`    ~ ${change.path}: ${value(change.before)} → ${value(change.after)}`);
  }
  if (changes.length > MAX_PRINTED_CHANGES) lines.push(`    ... and ${changes.length - MAX_PRINTED_CHANGES} more`);
  return lines;
}

function value(data: unknown): string {
  const text = JSON.stringify(data) ?? "undefined";
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
