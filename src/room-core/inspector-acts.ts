import { fireDeadline } from "./deadline-runs";
import { frames } from "./frames";
import { checkedState } from "./logic-calls";
import type { OutcomeBuilder } from "./outcome";
import type { RoomContext } from "./room-context";
import type { RoomCore } from "./room-core";
import type { RoomOutcome } from "./types";

/**
 * What the `scenario dev` harness's inspector may do to a room, dev only (docs/authoring.md
 * "Inspector"): replace the state, run an action as a seat, fire a pending deadline now. Each is
 * an input of the room (inputs.ts) and lands in its journal as the operator's. Their schema is in
 * inspector-act-schema.ts, apart, so that the SDK's solo mode carries the core without zod.
 */
export type InspectorAct =
  | { act: "edit_state"; state: unknown }
  | { act: "run_action"; seat: string; action: string; payload: Record<string, unknown> }
  | { act: "fire_deadline"; name: string };

/** Why the room did not do it; `code` is the answer's `error`. */
export type InspectorRefusal = { ok: false; code: InspectorRefusalCode; error: string };
export type InspectorRefusalCode =
  | "not_started"
  | "not_a_seat"
  | "invalid_state"
  | "no_deadline"
  | "action_failed"
  | "unknown_action";
export type InspectorResult = { ok: true } | InspectorRefusal;

/** Runs one act on the room's turn (RoomCore.devOperation), with what came of it. */
export function inspect(core: RoomCore, act: InspectorAct): Promise<{ outcome: RoomOutcome; result: InspectorResult }> {
  return core.devOperation((room, out) => runInspectorAct(room, act, out));
}

/**
 * Runs one act. A refused edit or firing changes nothing and is no input; an action
 * refused by its handler is one, as a seat's is (its error goes to the log and the replay).
 */
async function runInspectorAct(room: RoomContext, act: InspectorAct, out: OutcomeBuilder): Promise<InspectorResult> {
  if (!room.record.started) return refuse("not_started", "The game has not started: no seat has joined yet");
  switch (act.act) {
    case "edit_state":
      return editState(room, act.state, out);
    case "run_action":
      return runAction(room, act, out);
    case "fire_deadline":
      return fireNow(room, act.name, out);
  }
}

function editState(room: RoomContext, state: unknown, out: OutcomeBuilder): InspectorResult {
  const checked = checkedState(state);
  if (!checked.ok) return refuse("invalid_state", `The room refuses this state: ${checked.error}`);
  if (room.recording.on) room.recording.input({ kind: "inspector", act: { act: "edit_state", state } });
  room.record.state = JSON.parse(checked.stateJson);
  room.recording.note({ kind: "edit", operator: true });
  const fields = { events: [], serverEvents: [], ack: null, gameTime: room.gameTime(), edit: true as const };
  out.broadcast.push(frames.actionResult(checked.stateJson, fields));
  out.persistAt("batched");
  return { ok: true };
}

async function runAction(
  room: RoomContext,
  act: Extract<InspectorAct, { act: "run_action" }>,
  out: OutcomeBuilder,
): Promise<InspectorResult> {
  const { seat, action, payload } = act;
  if (!room.record.roster?.some((s) => s.id === seat)) return refuse("not_a_seat", `${seat} is no seat of the roster`);
  if (room.recording.on) room.recording.input({ kind: "inspector", act });
  const [ran] = await room.logic.actions(room.logicInput(null), [{ action, payload, playerId: seat }]);
  const note = { kind: "action", seat, action, payload, seq: null, operator: true } as const;
  if (!ran?.ok) {
    const code = ran?.code ?? "action_failed";
    const error = ran?.error ?? "";
    room.log("info", "action rejected", { code, error, action, playerId: seat, operator: true });
    room.recording.note({ ...note, result: { ok: false, code, error } });
    return refuse(code, error);
  }
  room.adopt(ran.result);
  const { events, serverEvents } = ran.result;
  room.recording.note({ ...note, result: { ok: true, events, serverEvents } });
  const fields = { events, serverEvents, ack: null, gameTime: room.gameTime(), action, by: seat };
  out.broadcast.push(frames.actionResult(ran.stateJson, fields));
  out.persistAt("batched");
  return { ok: true };
}

async function fireNow(room: RoomContext, name: string, out: OutcomeBuilder): Promise<InspectorResult> {
  const deadline = room.record.deadlines[name];
  if (!deadline) return refuse("no_deadline", `No deadline named ${name} is pending`);
  if (room.recording.on) room.recording.input({ kind: "inspector", act: { act: "fire_deadline", name } });
  const known = new Set((await room.logic.describe()).deadlines);
  await fireDeadline(room, name, deadline, known, out, true);
  return { ok: true };
}

function refuse(code: InspectorRefusalCode, error: string): InspectorRefusal {
  return { ok: false, code, error };
}
