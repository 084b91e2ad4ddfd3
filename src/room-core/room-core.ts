import { stoppedClock } from "../engine/game-clock";
import type { ParsedFrame } from "../engine/protocol";
import type { RoomPresence, Seat } from "../engine/types";
import { ActionRuns } from "./action-runs";
import { changesRoom, handleClientMessage } from "./client-frames";
import { earliestDueDeadline, fireDueDeadlines } from "./deadline-runs";
import { refuseFlood, refuseFrame, refuseOverBudget } from "./frame-refusals";
import { InstantQueue } from "./instant-queue";
import type { RoomJournal, RoomView } from "./journal";
import { type OperatorInput, runOperatorInput } from "./operator-runs";
import { OutcomeBuilder } from "./outcome";
import { endGraces, join, leave } from "./presence-inputs";
import { clockForStorage } from "./room-clock";
import { RoomContext, type RoomContextOptions } from "./room-context";
import { nextWake, outcomeOf } from "./room-outcome";
import { runTick } from "./tick-runs";
import type { ConnectionInfo, LogicRunner, RoomOutcome, RoomRecord } from "./types";

export { INPUT_RATE_PER_SECOND } from "./connections";
export { MAX_PENDING_PER_CONNECTION } from "./frame-admission";

export interface RoomCoreOptions extends RoomContextOptions {
  now: () => number;
}

/**
 * The authoritative room, free of transport and storage: the host feeds it connections, frames,
 * ticks and alarms, then sends the frames of the outcome and stores `record` as told. Every input
 * waits its turn in one line (instant-queue.ts) and runs on the room's parts (room-context.ts):
 * actions (action-runs.ts), deadlines (deadline-runs.ts), presence (presence-inputs.ts), the pause
 * (room-freeze.ts), other client frames (client-frames.ts), ticks (tick-runs.ts), the replay
 * recording (room-recording.ts).
 */
export class RoomCore {
  private readonly room: RoomContext;
  private readonly queue: InstantQueue;
  private readonly actions: ActionRuns;

  constructor(options: RoomCoreOptions) {
    this.queue = new InstantQueue(options.now);
    this.room = new RoomContext(options, this.queue.now);
    this.actions = new ActionRuns(this.room);
  }

  get record(): RoomRecord {
    return this.room.record;
  }

  /** Figures for tests, the console and the benchmark: the tick rate the room runs at, calls made for actions. */
  stats(): { started: boolean; frozen: boolean; tickRate: number; actionCalls: number } {
    const { logic, record } = this.room;
    return {
      started: record.started,
      frozen: this.room.frozen,
      tickRate: logic.tickRate,
      actionCalls: logic.actionCalls,
    };
  }

  gameTime(): number {
    return this.room.gameTime();
  }

  /** Seats online now and seen so far, as scenario code sees them (ctx.presence). */
  presence(): RoomPresence {
    return this.room.presence();
  }

  /** The record as it should be stored now: the clock read at this instant, with its anchor. */
  recordForStorage(): RoomRecord {
    return { ...this.room.record, clock: clockForStorage(this.room.record.clock, this.queue.now()) };
  }

  /** A live connection as the room knows it (the host keeps it in the socket's attachment). */
  connection(connectionId: string): ConnectionInfo | undefined {
    return this.room.connections.get(connectionId);
  }

  /** Starts (or replaces) the journal told of every operation from now on. */
  setJournal(journal: RoomJournal): void {
    this.room.recording.start(journal);
  }

  view(): RoomView {
    return this.room.view();
  }

  /** New code for the room (a changed codeId); state and everything else stay. */
  replaceRunner(runner: LogicRunner, codeId: string): void {
    this.room.logic.replace(runner);
    this.room.record.codeId = codeId;
  }

  connect(info: ConnectionInfo, roster: Seat[] | null): Promise<RoomOutcome> {
    return this.queue.run(async () => outcomeOf(this.room, await join(this.room, info, roster)));
  }

  disconnect(connectionId: string): Promise<RoomOutcome> {
    return this.queue.run(async () => outcomeOf(this.room, await leave(this.room, connectionId)));
  }

  /**
   * One client frame, already checked at the edge (engine/parse-frame.ts). Before it is queued it
   * counts against its seat's frame budget; one over the budget, or over the size limit, is refused
   * at once and never reaches scenario code.
   */
  receive(connectionId: string, parsed: ParsedFrame): Promise<RoomOutcome> {
    const { room } = this;
    const { logAbout } = room;
    if (!parsed.ok || parsed.message.type !== "__ping") room.record.lastActivityAt = this.queue.now();
    if (!parsed.ok && parsed.code === "frame_too_large") {
      const refusal = parsed;
      return refusedAtOnce(room, connectionId, parsed, refusal.code, (connection, out) => {
        if (connection) refuseFrame(logAbout, connection, refusal, out);
      });
    }
    const verdict = room.connections.frames.take(connectionId, room.now());
    if (verdict !== "accept") {
      return refusedAtOnce(room, connectionId, parsed, "rate_limited", (connection, out) =>
        refuseOverBudget(logAbout, room.log, connection, parsed, out, verdict === "close"),
      );
    }
    if (!room.connections.frames.reserve(connectionId)) {
      return refusedAtOnce(room, connectionId, parsed, "too_many_pending", (connection, out) =>
        refuseFlood(logAbout, connection, parsed, out),
      );
    }
    const action = parsed.ok && parsed.message.type === "__action" ? parsed.message : null;
    const operation: Promise<RoomOutcome> = action
      ? this.queue.runAt((place) => {
          const turn = this.actions.wait(place, connectionId, action);
          return async () => outcomeOf(room, await turn());
        })
      : this.queue.run(async () => {
          const out = new OutcomeBuilder();
          const connection = room.connections.get(connectionId);
          if (!connection) return outcomeOf(room, out);
          if (parsed.ok) {
            if (room.recording.on && changesRoom(parsed.message))
              room.recording.input({ kind: "frame", connectionId, message: parsed.message });
            handleClientMessage(room, logAbout, connection, parsed.message, out);
          } else {
            refuseFrame(logAbout, connection, parsed, out);
            room.recording.refused(connection, parsed.code, parsed);
          }
          return outcomeOf(room, out);
        });
    return operation.finally(() => room.connections.frames.release(connectionId));
  }

  /** One step of the tick loop: update() and a __tick to all. */
  tick(): Promise<RoomOutcome> {
    return this.queue.run(async () => outcomeOf(this.room, await runTick(this.room)));
  }

  /**
   * The room's alarm: seats whose grace is over go offline (even in a frozen or empty room), then
   * every deadline whose game time has come runs, each with its own rollback (deadline-runs.ts).
   */
  fireDeadlines(): Promise<RoomOutcome> {
    return this.queue.run(async () => {
      const { room } = this;
      const out = new OutcomeBuilder();
      const gracesOver = room.graces.anyDue(room.now());
      const runs = room.record.started && !room.frozen;
      if (room.recording.on && (gracesOver || (runs && earliestDueDeadline(room.record.deadlines, room.gameTime()))))
        room.recording.input({ kind: "deadlines" });
      if (gracesOver) await endGraces(room, out);
      if (runs) await fireDueDeadlines(room, out);
      return outcomeOf(room, out);
    });
  }

  /** An operator's pause, resume or close from the console (operator-runs.ts). */
  operator(input: OperatorInput): Promise<RoomOutcome> {
    return this.queue.run(async () => outcomeOf(this.room, runOperatorInput(this.room, input)));
  }

  /**
   * Dev tools only: `operation` runs on the room's parts on its turn, as any input does, and its
   * frames make an outcome (the inspector's acts: inspector-acts.ts, kept out of this file so that
   * the SDK's solo mode does not carry them).
   */
  devOperation<R>(
    operation: (room: RoomContext, out: OutcomeBuilder) => Promise<R>,
  ): Promise<{ outcome: RoomOutcome; result: R }> {
    return this.queue.run(async () => {
      const out = new OutcomeBuilder();
      const result = await operation(this.room, out);
      return { outcome: outcomeOf(this.room, out), result };
    });
  }

  /** Real time of the room's next wake: the next deadline or the end of a seat's grace; null when neither. */
  nextDeadline(): number | null {
    return nextWake(this.room);
  }
}

/** A frame refused without waiting for its turn (too large, over the budget, over the queue limit). */
function refusedAtOnce(
  room: RoomContext,
  connectionId: string,
  parsed: ParsedFrame,
  code: string,
  refuse: (connection: ConnectionInfo | undefined, out: OutcomeBuilder) => void,
): Promise<RoomOutcome> {
  const out = new OutcomeBuilder();
  const connection = room.connections.get(connectionId);
  refuse(connection, out);
  if (connection) room.recording.refused(connection, code, parsed);
  return Promise.resolve(outcomeOf(room, out));
}

/** The record of a room no connection has reached yet. */
export function newRoomRecord(revisionId: string, codeId: string, seed: number): RoomRecord {
  const record = { revisionId, codeId, roster: null, seatsSeen: [], started: false, state: null, seed, rng: seed };
  return { ...record, tick: 0, clock: stoppedClock(), paused: null, deadlines: {} };
}
