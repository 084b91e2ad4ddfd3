import { gameTimeAt, realTimeOf, startClock, stopClock, stoppedClock } from "../engine/game-clock";
import { type ClientMessage, type ParsedFrame, PONG_FRAME } from "../engine/protocol";
import { sameRoster } from "../engine/same-roster";
import type { LogicInput, LogicResult, Seat } from "../engine/types";
import { ActionBacklog, type ActionMessage } from "./action-backlog";
import { INPUT_RATE_PER_SECOND, MAX_PENDING_PER_CONNECTION, RoomConnections } from "./connections";
import { frames } from "./frames";
import { LogicCalls, MAX_ACTIONS_PER_CALL } from "./logic-calls";
import { OutcomeBuilder } from "./outcome";
import { seatOf, type VoiceReport } from "./presence";
import { clockForStorage, restoredClock } from "./room-clock";
import { SerialQueue } from "./serial-queue";
import type { ConnectionInfo, LogicRunner, LogLevel, RoomLogger, RoomOutcome, RoomRecord } from "./types";
import { logicInputOf, setupInputOf, stateFrameOf } from "./views";

export { INPUT_RATE_PER_SECOND, MAX_PENDING_PER_CONNECTION } from "./connections";

const MAX_DEADLINES_PER_FIRING = 100;

export interface RoomCoreOptions {
  runner: LogicRunner;
  record: RoomRecord;
  now: () => number;
  log: RoomLogger;
  /**
   * Connections still open when the host rebuilt the room from its record (it woke from
   * hibernation): they are registered without any frame, and the game clock ran on meanwhile.
   * None (a new room, or one evicted with its connections): the clock stands where it was stored.
   */
  liveConnections?: readonly ConnectionInfo[];
}

/**
 * The authoritative room, free of transport and storage: the host feeds it connections, frames,
 * ticks and alarms, then sends the frames of the outcome and stores `record` as told.
 */
export class RoomCore {
  readonly record: RoomRecord;
  private readonly logic: LogicCalls;
  private readonly now: () => number;
  private readonly log: RoomLogger;
  private readonly connections = new RoomConnections();
  private readonly queue = new SerialQueue();
  private readonly backlog = new ActionBacklog();
  /** How many operations were queued so far: each one's place in the queue. */
  private queued = 0;
  private wasFrozen = true;

  constructor(options: RoomCoreOptions) {
    this.logic = new LogicCalls(options.runner, options.log);
    this.now = options.now;
    this.log = options.log;
    for (const info of options.liveConnections ?? []) this.connections.add(info);
    this.record = { ...options.record };
    this.record.clock = restoredClock(options.record.clock, this.record.started && !this.frozen);
    this.syncClock();
    this.wasFrozen = this.frozen;
  }

  static newRecord(revisionId: string, codeId: string, seed: number): RoomRecord {
    const record = { revisionId, codeId, roster: null, started: false, state: null, seed, rng: seed, tick: 0 };
    return { ...record, clock: stoppedClock(), paused: null, deadlines: {} };
  }

  get started(): boolean {
    return this.record.started;
  }

  get frozen(): boolean {
    return this.record.paused !== null || !this.connections.anyonePresent();
  }

  gameTime(): number {
    return gameTimeAt(this.record.clock, this.now());
  }

  /** The record as it should be stored now: the clock read at this instant, with its anchor. */
  recordForStorage(): RoomRecord {
    return { ...this.record, clock: clockForStorage(this.record.clock, this.now()) };
  }

  /** A live connection as the room knows it (the host keeps it in the socket's attachment). */
  connection(connectionId: string): ConnectionInfo | undefined {
    return this.connections.get(connectionId);
  }

  /** New code for the room (a changed codeId); state and everything else stay. */
  replaceRunner(runner: LogicRunner, codeId: string): void {
    this.logic.replace(runner);
    this.record.codeId = codeId;
  }

  /** Queues an operation after every one before it; it learns its place in the queue. */
  private serial(operation: (place: number) => Promise<RoomOutcome>): Promise<RoomOutcome> {
    const place = this.queued++;
    return this.queue.run(() => operation(place));
  }

  connect(info: ConnectionInfo, roster: Seat[] | null): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      if (roster) this.pinRoster(info, roster, out);
      this.connections.add(info);
      if (!this.record.started && this.record.roster) await this.startGame(out);
      if (this.record.started) await this.logic.describe();
      this.syncFrozen(out, info.playerId);
      out.toSender.unshift(this.stateFrame(info));
      out.broadcast.push(this.presenceFrame());
      return this.finish(out);
    });
  }

  disconnect(connectionId: string): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      const connection = this.connections.remove(connectionId);
      if (!connection) return this.finish(out);
      this.syncFrozen(out, connection.playerId);
      out.broadcast.push(this.presenceFrame());
      if (this.connections.size === 0) out.persistAt("now");
      return this.finish(out);
    });
  }

  /** One client frame, already checked at the edge (engine/parse-frame.ts). */
  receive(connectionId: string, parsed: ParsedFrame): Promise<RoomOutcome> {
    if (!this.connections.reserveFrame(connectionId)) return Promise.resolve(this.refuseFlood(connectionId, parsed));
    const operation: Promise<RoomOutcome> =
      parsed.ok && parsed.message.type === "__action"
        ? this.queueAction(connectionId, parsed.message)
        : this.serial(async () => {
            const out = new OutcomeBuilder();
            const connection = this.connections.get(connectionId);
            if (!connection) return this.finish(out);
            if (parsed.ok) await this.handle(connection, parsed.message, out);
            else this.refuseFrame(connection, parsed, out);
            return this.finish(out);
          });
    return operation.finally(() => this.connections.releaseFrame(connectionId));
  }

  /** An action waits in the backlog; on its turn it runs with those queued right behind it (action-backlog.ts). */
  private queueAction(connectionId: string, message: ActionMessage): Promise<RoomOutcome> {
    const place = this.queued++;
    const waiting = this.backlog.add(place, connectionId, message);
    return this.queue.run(async () => {
      if (!waiting.out) await this.runActions(place);
      return this.finish(waiting.out ?? new OutcomeBuilder());
    });
  }

  /** A frame that failed the checks: __action_error to the sender, except unknown types (newer clients). */
  private refuseFrame(connection: ConnectionInfo, refusal: Extract<ParsedFrame, { ok: false }>, out: OutcomeBuilder) {
    const known = refusal.code !== "unknown_type";
    this.logAbout(connection, refusal.code, known ? "warn" : "info", "client frame refused", { code: refusal.code });
    if (known) out.toSender.push(frames.actionError(refusal.code, refusal.error, refusal.seq));
  }

  private refuseFlood(connectionId: string, parsed: ParsedFrame): RoomOutcome {
    const out = new OutcomeBuilder();
    const connection = this.connections.get(connectionId);
    if (connection) {
      this.logAbout(connection, "too_many_pending", "warn", "too many frames waiting; frame dropped", {
        limit: MAX_PENDING_PER_CONNECTION,
      });
    }
    if (parsed.ok && parsed.message.type === "__action") {
      out.toSender.push(
        frames.actionError("too_many_pending", "Too many messages waiting; slow down", parsed.message.seq),
      );
    }
    return this.finish(out);
  }

  /** One step of the tick loop: update() and a __tick to all. */
  tick(): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      const tickRate = (await this.logic.describe()).tickRate;
      if (!this.record.started || this.frozen || this.connections.size === 0 || tickRate === 0) return this.finish(out);
      this.record.tick++;
      const ran = await this.logic.run({ kind: "tick", input: this.logicInput(null) }, "update() threw; tick skipped");
      if (!ran.ok) return this.finish(out);
      this.adopt(ran.result);
      out.broadcast.push(
        frames.tick(ran.stateJson, { events: ran.result.events, tick: this.record.tick, gameTime: this.gameTime() }),
      );
      out.persistAt("batched");
      return this.finish(out);
    });
  }

  /** Runs every deadline whose game time has come, each with its own rollback. */
  fireDeadlines(): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      if (!this.record.started || this.frozen) return this.finish(out);
      const known = new Set((await this.logic.describe()).deadlines);
      for (let fired = 0; fired < MAX_DEADLINES_PER_FIRING; fired++) {
        const now = this.gameTime();
        const due = Object.entries(this.record.deadlines)
          .filter(([, deadline]) => deadline.at <= now)
          .sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        const [name, deadline] = due;
        const { [name]: _, ...remaining } = this.record.deadlines;
        this.record.deadlines = remaining;
        out.persistAt("batched");
        if (!known.has(name)) {
          this.log("warn", "deadline has no handler; dropped", { deadline: name });
          continue;
        }
        const call = { kind: "deadline", name, data: deadline.data, input: this.logicInput(null) } as const;
        const ran = await this.logic.run(call, "deadline handler threw; its changes rolled back");
        if (!ran.ok) continue;
        this.adopt(ran.result);
        out.broadcast.push(
          frames.actionResult(ran.stateJson, {
            events: ran.result.events,
            serverEvents: ran.result.serverEvents,
            ack: null,
            gameTime: this.gameTime(),
            deadline: name,
          }),
        );
      }
      return this.finish(out);
    });
  }

  /** Real time of the next deadline; null when none, or while the clock stands still. */
  nextDeadline(): number | null {
    if (!this.record.started) return null;
    const next = Math.min(...Object.values(this.record.deadlines).map((d) => d.at));
    return Number.isFinite(next) ? realTimeOf(this.record.clock, next, this.now()) : null;
  }

  private async handle(connection: ConnectionInfo, message: ClientMessage, out: OutcomeBuilder) {
    if (message.type === "__input") {
      if (!this.connections.acceptInput(connection, message.data, this.record.roster, this.now())) {
        this.logAbout(connection, "input_dropped", "warn", "input over the rate limit dropped", {
          limit: INPUT_RATE_PER_SECOND,
        });
      }
      return;
    }
    switch (message.type) {
      case "__action":
        return; // queued apart: queueAction
      case "__pause":
        return this.setPaused(connection, true, out);
      case "__resume":
        return this.setPaused(connection, false, out);
      case "__platform":
        return this.handlePlatform(connection, message.message, out);
      case "__request_state":
        out.toSender.push(this.stateFrame(connection));
        return;
      case "__ping":
        // The runtime answers the exact heartbeat frame; any other spelling reaches the room, and
        // counts as a heartbeat reply all the same.
        connection.lastHeartbeat = this.now();
        out.toSender.push(PONG_FRAME);
        return;
    }
  }

  /**
   * Runs the action at `place` and those queued right behind it in one call into the sandbox:
   * each with its own rollback, its result or refusal in arrival order.
   */
  private async runActions(place: number) {
    const waiting = this.backlog.takeRun(place, MAX_ACTIONS_PER_CALL);
    const ready: { out: OutcomeBuilder; message: ActionMessage; connection: ConnectionInfo; seatId: string }[] = [];
    for (const { connectionId, message, out } of waiting) {
      const connection = this.connections.get(connectionId);
      if (!connection || !out) continue;
      const refuse = (code: string, error: string) => this.refuseAction(connection, message, out, code, error);
      if (!this.record.started) refuse("not_started", "The game has not started yet");
      else {
        const seat = seatOf(connection, this.record.roster);
        if (!seat) refuse("not_a_player", "Only a seated player can act; this connection is an observer");
        else ready.push({ out, message, connection, seatId: seat.id });
      }
    }
    if (ready.length === 0) return;
    const calls = ready.map(({ message, seatId }) => ({
      action: message.action,
      payload: message.payload,
      playerId: seatId,
    }));
    const results = await this.logic.actions(this.logicInput(null), calls);
    ready.forEach(({ out, message, connection, seatId }, index) => {
      const ran = results[index];
      if (!ran?.ok) return this.refuseAction(connection, message, out, ran?.code ?? "action_failed", ran?.error ?? "");
      this.adopt(ran.result);
      const fields = { events: ran.result.events, serverEvents: ran.result.serverEvents, gameTime: this.gameTime() };
      const named = { ...fields, action: message.action };
      out.toSender.push(frames.actionResult(ran.stateJson, { ...named, ack: message.seq }));
      out.toOthers.push(frames.actionResult(ran.stateJson, { ...named, ack: null, by: seatId }));
      out.persistAt("batched");
    });
  }

  private refuseAction(
    connection: ConnectionInfo,
    message: ActionMessage,
    out: OutcomeBuilder,
    code: string,
    error: string,
  ) {
    this.log("info", "action rejected", { code, action: message.action, playerId: connection.playerId });
    out.toSender.push(frames.actionError(code, error, message.seq));
  }

  private handlePlatform(
    connection: ConnectionInfo,
    message: { type: string; payload?: unknown },
    out: OutcomeBuilder,
  ) {
    if (connection.monitor) return;
    if (message.type === "pause.request") return this.setPaused(connection, true, out);
    if (message.type === "pause.resume") return this.setPaused(connection, false, out);
    if (message.type === "voice.report") {
      const report = message.payload ?? {};
      if (typeof report !== "object" || Array.isArray(report)) return;
      this.connections.reportVoice(connection.connectionId, report as VoiceReport);
      out.broadcast.push(this.presenceFrame());
      return;
    }
    this.logAbout(connection, "unknown_platform", "info", "unknown platform message ignored", {
      platformType: message.type,
    });
  }

  private setPaused(connection: ConnectionInfo, paused: boolean, out: OutcomeBuilder) {
    if (connection.monitor || !this.record.started) return;
    if ((this.record.paused !== null) === paused) return;
    this.record.paused = paused ? { by: connection.playerId } : null;
    this.syncFrozen(out, connection.playerId);
    out.persistAt("now");
  }

  private pinRoster(connection: ConnectionInfo, roster: Seat[], out: OutcomeBuilder) {
    if (!this.record.roster) {
      this.record.roster = roster;
      out.persistAt("batched");
    } else if (!sameRoster(this.record.roster, roster)) {
      this.log("warn", "roster differs from the pinned roster; the connection joins as a quiet observer", {
        playerId: connection.playerId,
      });
      connection.quietObserver = true;
    }
  }

  private async startGame(out: OutcomeBuilder) {
    const players = this.record.roster as Seat[];
    const input = setupInputOf(players, this.record.rng);
    const ran = await this.logic.run({ kind: "setup", input }, "setup() failed; the game did not start");
    if (!ran.ok) {
      out.broadcast.push(frames.actionError("setup_failed", `The game could not start: ${ran.error}`, null));
      return;
    }
    this.adopt(ran.result);
    this.record.started = true;
    this.record.tick = 0;
    this.record.clock = stoppedClock(0);
    this.syncClock();
    out.broadcast.push(frames.gameStart(ran.stateJson, { players, seed: this.record.seed, gameTime: 0 }));
    out.persistAt("now");
  }

  /** Keeps the clock running exactly while the game runs, and tells everyone when frozen changes. */
  private syncFrozen(out: OutcomeBuilder, by: string | null) {
    this.syncClock();
    const frozen = this.frozen;
    if (frozen === this.wasFrozen) return;
    this.wasFrozen = frozen;
    if (!this.record.started) return;
    out.broadcast.push(frames.pauseState({ frozen, by, gameTime: this.gameTime() }));
    out.persistAt("batched");
  }

  private syncClock() {
    const now = this.now();
    const running = this.record.started && !this.frozen;
    this.record.clock = running ? startClock(this.record.clock, now) : stopClock(this.record.clock, now);
  }

  private adopt(result: LogicResult) {
    this.record.state = result.state;
    this.record.rng = result.rng;
    this.record.deadlines = result.deadlines;
  }

  private logicInput(playerId: string | null): LogicInput {
    return logicInputOf(this.record, playerId, this.gameTime(), this.connections.latestInputs());
  }

  private stateFrame(connection: ConnectionInfo): string {
    return stateFrameOf(this.record, connection, { gameTime: this.gameTime(), frozen: this.frozen });
  }

  /** A log line about one connection's frames, throttled so that a flood cannot flood the logs. */
  private logAbout(
    connection: ConnectionInfo,
    kind: string,
    level: LogLevel,
    message: string,
    fields: Record<string, unknown>,
  ) {
    const heldBack = this.connections.admitLog(connection.connectionId, kind, this.now());
    if (heldBack === null) return;
    const about = { playerId: connection.playerId, connectionId: connection.connectionId };
    this.log(level, message, { ...fields, ...about, ...(heldBack > 0 ? { heldBack } : {}) });
  }

  private presenceFrame(): string {
    const pausedBy = this.record.paused?.by ?? null;
    return frames.presence(this.connections.presence(this.record.roster, this.now(), this.frozen, pausedBy));
  }

  private finish(out: OutcomeBuilder): RoomOutcome {
    return {
      toSender: out.toSender,
      broadcast: out.broadcast,
      toOthers: out.toOthers,
      nextDeadline: this.nextDeadline(),
      tickRate: this.logic.tickRate,
      started: this.record.started,
      frozen: this.frozen,
      persist: out.persist,
    };
  }
}
