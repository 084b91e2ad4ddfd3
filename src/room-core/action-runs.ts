import { noteApplied } from "./action-acks";
import { ActionBacklog, type ActionMessage } from "./action-backlog";
import { frames } from "./frames";
import type { JournalOperation } from "./journal";
import { MAX_ACTIONS_PER_CALL } from "./logic-calls";
import { OutcomeBuilder } from "./outcome";
import { seatOf } from "./presence";
import type { RoomContext } from "./room-context";
import type { ConnectionInfo } from "./types";

interface Ready {
  connection: ConnectionInfo;
  message: ActionMessage;
  out: OutcomeBuilder;
  seatId: string;
}

/**
 * The way of an __action in the room core: it waits in the backlog from the moment it is queued;
 * on its turn it runs, with the actions queued right behind it, in one call into the sandbox
 * (each its own rollback); then every one of them answers on its own turn, in arrival order.
 */
export class ActionRuns {
  private readonly backlog = new ActionBacklog();
  private readonly room: RoomContext;

  constructor(room: RoomContext) {
    this.room = room;
  }

  /** Registers an action at its place in the room's queue; call the result on its turn for its frames. */
  wait(place: number, connectionId: string, message: ActionMessage): () => Promise<OutcomeBuilder> {
    const waiting = this.backlog.add(place, connectionId, message);
    return async () => {
      if (!waiting.out) await this.runFrom(place);
      return waiting.out ?? new OutcomeBuilder();
    };
  }

  private async runFrom(place: number) {
    const ready: Ready[] = [];
    for (const { connectionId, message, out } of this.backlog.takeRun(place, MAX_ACTIONS_PER_CALL)) {
      const connection = this.room.connections.get(connectionId);
      if (!connection || !out) continue;
      const seat = seatOf(connection, this.room.record.roster);
      if (!this.room.record.started || !seat) this.noteInput(connection, message);
      if (!this.room.record.started)
        this.refuse(connection, message, out, "not_started", "The game has not started yet");
      else if (!seat) {
        this.refuse(
          connection,
          message,
          out,
          "not_a_player",
          "Only a seated player can act; this connection is an observer",
        );
      } else ready.push({ connection, message, out, seatId: seat.id });
    }
    if (ready.length === 0) return;
    const calls = ready.map(({ message, seatId }) => ({
      action: message.action,
      payload: message.payload,
      playerId: seatId,
    }));
    const results = await this.room.logic.actions(this.room.logicInput(null), calls);
    for (const [index, { connection, message, out, seatId }] of ready.entries()) {
      // Told here, each right before its result: a replay runs them one by one, at this instant.
      this.noteInput(connection, message);
      const ran = results[index];
      if (!ran?.ok) {
        this.refuse(connection, message, out, ran?.code ?? "action_failed", ran?.error ?? "");
        continue;
      }
      this.room.adopt(ran.result);
      noteApplied(this.room.record, connection, message.seq);
      const { events, serverEvents } = ran.result;
      this.noteAction(connection, message, { ok: true, events, serverEvents });
      const fields = { events, serverEvents, gameTime: this.room.gameTime(), action: message.action };
      out.toSender.push(frames.actionResult(ran.stateJson, { ...fields, ack: message.seq }));
      out.toOthers.push(frames.actionResult(ran.stateJson, { ...fields, ack: null, by: seatId }));
      out.persistAt("batched");
    }
  }

  private noteInput(connection: ConnectionInfo, message: ActionMessage) {
    if (this.room.recording.on)
      this.room.recording.input({ kind: "frame", connectionId: connection.connectionId, message });
  }

  /** __action_error to the sender only; nothing changed, nothing broadcast. */
  private refuse(connection: ConnectionInfo, message: ActionMessage, out: OutcomeBuilder, code: string, error: string) {
    this.room.log("info", "action rejected", { code, error, action: message.action, playerId: connection.playerId });
    out.toSender.push(frames.actionError(code, error, message.seq));
    this.noteAction(connection, message, { ok: false, code, error });
  }

  private noteAction(
    connection: ConnectionInfo,
    message: ActionMessage,
    result: Extract<JournalOperation, { kind: "action" }>["result"],
  ) {
    const { action, payload, seq } = message;
    this.room.recording.note({ kind: "action", seat: connection.playerId, action, payload, seq, result });
  }
}
