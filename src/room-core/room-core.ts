import { gameTimeAt, realTimeOf, startClock, stopClock, stoppedClock } from "../engine/game-clock";
import { type ClientMessage, OPERATOR_PAUSE_BY, type ParsedFrame, PONG_FRAME } from "../engine/protocol";
import type { LogicInput, LogicResult, PresenceChange, RoomPresence, Seat } from "../engine/types";
import type { ActionMessage } from "./action-backlog";
import { ActionRuns } from "./action-runs";
import { INPUT_RATE_PER_SECOND, RoomConnections } from "./connections";
import { earliestDueDeadline, fireDueDeadlines } from "./deadline-runs";
import { type ConnectionLog, connectionLog, refuseFlood, refuseFrame, refuseOverBudget } from "./frame-refusals";
import { frames } from "./frames";
import { pinRoster, startGame } from "./game-start";
import type { RoomInput } from "./inputs";
import type { JournalOperation, RoomJournal, RoomView } from "./journal";
import { LogicCalls, type LogicRoom } from "./logic-calls";
import { OutcomeBuilder } from "./outcome";
import { presenceChanges, seatOf, type VoiceReport, withSeen } from "./presence";
import { runPresenceChanges } from "./presence-runs";
import { clockForStorage, restoredClock } from "./room-clock";
import { SeatGraces } from "./seat-grace";
import { SerialQueue } from "./serial-queue";
import type { ConnectionInfo, LogicRunner, RoomLogger, RoomOutcome, RoomRecord } from "./types";
import { logicInputOf, stateFrameOf } from "./views";

export { INPUT_RATE_PER_SECOND, MAX_PENDING_PER_CONNECTION } from "./connections";

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
  /** Told every operation with the room after it (dev tools); none in production. */
  journal?: RoomJournal;
}

/**
 * The authoritative room, free of transport and storage: the host feeds it connections, frames,
 * ticks and alarms, then sends the frames of the outcome and stores `record` as told.
 */
export class RoomCore {
  readonly record: RoomRecord;
  private readonly logic: LogicCalls;
  private readonly clock: () => number;
  /** While an operation runs: the one instant it runs at (see atOneInstant). */
  private instant: number | null = null;
  private readonly log: RoomLogger;
  private readonly connections = new RoomConnections();
  /** Seats whose last connection closed, online until their grace ends (seat-grace.ts). */
  private readonly graces = new SeatGraces();
  private readonly logAbout: ConnectionLog;
  private readonly queue = new SerialQueue();
  private readonly actions: ActionRuns;
  /** What action and deadline runs see of this room. */
  private readonly logicRoom: LogicRoom;
  /** How many operations were queued so far: each one's place in the queue. */
  private queued = 0;
  private wasFrozen = true;
  private journal: RoomJournal | null;
  /**
   * Seats online now and seen so far, as scenario code sees them: worked out when a connection
   * comes or goes (the only inputs that change it), so an action or a tick only passes it on.
   */
  private presenceNow: RoomPresence = { online: [], seen: [] };

  constructor(options: RoomCoreOptions) {
    this.logic = new LogicCalls(options.runner, options.log);
    this.clock = options.now;
    this.log = options.log;
    this.journal = options.journal ?? null;
    this.logAbout = connectionLog(this.connections, this.log, this.now);
    for (const info of options.liveConnections ?? []) this.connections.add(info);
    this.record = { ...options.record };
    // Records stored before seatsSeen existed have none; the seats connected now were seen.
    this.record.seatsSeen = options.record.seatsSeen ?? [];
    this.notePresence(new OutcomeBuilder());
    this.record.clock = restoredClock(options.record.clock, this.record.started && !this.frozen);
    this.syncClock();
    this.wasFrozen = this.frozen;
    this.logicRoom = {
      record: this.record,
      logic: this.logic,
      log: this.log,
      connection: (connectionId) => this.connections.get(connectionId),
      gameTime: () => this.gameTime(),
      presence: () => this.presenceNow,
      logicInput: (playerId) => this.logicInput(playerId),
      adopt: (result) => this.adopt(result),
      note: (operation) => this.note(operation),
      noteInput: (input) => this.noteInput(input),
      journaled: () => this.journal !== null,
    };
    this.actions = new ActionRuns(this.logicRoom);
  }

  static newRecord(revisionId: string, codeId: string, seed: number): RoomRecord {
    const record = { revisionId, codeId, roster: null, seatsSeen: [], started: false, state: null, seed, rng: seed };
    return { ...record, tick: 0, clock: stoppedClock(), paused: null, deadlines: {} };
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

  /** The tick rate the room runs at: the game's, within the room's limit (0 until described). */
  get tickRate(): number {
    return this.logic.tickRate;
  }

  /** Calls into scenario code made for actions since the core started (the benchmark's actions per call). */
  get actionCalls(): number {
    return this.logic.actionCalls;
  }

  /** A live connection as the room knows it (the host keeps it in the socket's attachment). */
  connection(connectionId: string): ConnectionInfo | undefined {
    return this.connections.get(connectionId);
  }

  /** Starts (or replaces) the journal told of every operation from now on. */
  setJournal(journal: RoomJournal): void {
    this.journal = journal;
  }

  /** The room as dev tools show it: ids, roster, presence, clock, pause, deadlines and state. */
  view(): RoomView {
    const { revisionId, codeId, started, seed, roster, tick, paused, deadlines, state } = this.record;
    const frozen = this.frozen;
    const presence = this.connections.presence(roster, this.record.seatsSeen, {
      now: this.now(),
      frozen,
      pausedBy: paused?.by ?? null,
      graced: this.graces.seats,
    });
    const gameTime = this.gameTime();
    return { revisionId, codeId, started, seed, roster, tick, gameTime, frozen, paused, deadlines, presence, state };
  }

  /** New code for the room (a changed codeId); state and everything else stay. */
  replaceRunner(runner: LogicRunner, codeId: string): void {
    this.logic.replace(runner);
    this.record.codeId = codeId;
  }

  /** The core's clock: during an operation, the instant the operation runs at. */
  private readonly now = (): number => this.instant ?? this.clock();

  /**
   * Runs one operation of the queue at one instant of real time, read from the clock as it starts:
   * every game time its logic calls see is the same, however long the calls take. So an operation
   * is reproduced exactly by running its input again at that instant (a replay, replay-run.ts).
   */
  private async atOneInstant<T>(operation: () => Promise<T>): Promise<T> {
    this.instant = this.clock();
    try {
      return await operation();
    } finally {
      this.instant = null;
    }
  }

  /** Queues an operation after every one before it; it learns its place in the queue. */
  private serial(operation: (place: number) => Promise<RoomOutcome>): Promise<RoomOutcome> {
    const place = this.queued++;
    return this.queue.run(() => this.atOneInstant(() => operation(place)));
  }

  /**
   * A connection joins: one of the room's presence inputs (src/room-core/inputs.ts). The seat it
   * plays comes online if it was not; the start of the game counts as every online seat coming
   * online, so onPresence hears of each seat once the game runs.
   */
  connect(info: ConnectionInfo, roster: Seat[] | null): Promise<RoomOutcome> {
    return this.serial(async () => {
      if (this.journal) this.noteInput({ kind: "connect", connection: { ...info }, roster });
      this.record.lastActivityAt = this.now();
      const out = new OutcomeBuilder();
      if (roster) pinRoster(this.logicRoom, info, roster, out);
      this.connections.add(info);
      // Back within its grace: the seat never went offline.
      const seated = info.monitor ? null : seatOf(info, this.record.roster);
      if (seated) this.graces.cancel(seated.id);
      let changes = this.notePresence(out);
      const { playerId: seat, connectionId, monitor } = info;
      this.note({ kind: "join", seat, connectionId, monitor, observer: !this.isSeated(info) });
      if (!this.record.started && this.record.roster && (await startGame(this.logicRoom, out))) {
        this.record.clock = stoppedClock(0);
        this.syncClock();
        changes = this.presenceNow.online.map((seatId) => ({ seatId, online: true }));
      }
      if (this.record.started) await this.logic.describe();
      this.syncFrozen(out, info.playerId);
      if (this.record.started) await runPresenceChanges(this.logicRoom, changes, out);
      out.toSender.unshift(this.stateFrame(info));
      out.broadcast.push(this.presenceFrame());
      return this.finish(out);
    });
  }

  /**
   * A connection leaves: the other presence input. When it was its seat's last, the seat's grace
   * starts (seat-grace.ts): it stays online until the room's alarm finds the grace over.
   */
  disconnect(connectionId: string): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      const connection = this.connections.remove(connectionId, this.now());
      if (!connection) return this.finish(out);
      if (this.journal) this.noteInput({ kind: "disconnect", connectionId });
      this.record.lastActivityAt = this.now();
      const seat = connection.monitor ? null : seatOf(connection, this.record.roster);
      if (
        seat &&
        this.presenceNow.online.includes(seat.id) &&
        !this.connections.seatConnected(seat.id, this.record.roster)
      )
        this.graces.start(seat.id, this.now());
      const changes = this.notePresence(out);
      this.syncFrozen(out, connection.playerId);
      this.note({ kind: "leave", seat: connection.playerId, connectionId });
      if (this.record.started) await runPresenceChanges(this.logicRoom, changes, out);
      out.broadcast.push(this.presenceFrame());
      if (this.connections.size === 0) out.persistAt("now");
      return this.finish(out);
    });
  }

  /** Seats online now and seen so far, as scenario code sees them (ctx.presence). */
  presence(): RoomPresence {
    return this.presenceNow;
  }

  /**
   * After a connection came or went: the seats whose presence changed. A seat online for the
   * first time is seen from now on, and written at once: at most once per seat in a room's life.
   */
  private notePresence(out: OutcomeBuilder): PresenceChange[] {
    const before = this.presenceNow.online;
    const online = this.connections.onlineSeats(this.record.roster, this.graces.seats);
    const seen = withSeen(this.record.roster, this.record.seatsSeen, online);
    if (seen.length !== this.record.seatsSeen.length) {
      this.record.seatsSeen = seen;
      out.persistAt("now");
    }
    this.presenceNow = { online, seen };
    return presenceChanges(before, online);
  }

  /**
   * One client frame, already checked at the edge (engine/parse-frame.ts). Before it is queued it
   * counts against its seat's frame budget; one over the budget, or over the size limit, is refused
   * at once and never reaches scenario code.
   */
  receive(connectionId: string, parsed: ParsedFrame): Promise<RoomOutcome> {
    if (!parsed.ok || parsed.message.type !== "__ping") this.record.lastActivityAt = this.clock();
    if (!parsed.ok && parsed.code === "frame_too_large") {
      const refusal = parsed;
      return this.refuseAtOnce(connectionId, parsed, refusal.code, (connection, out) => {
        if (connection) refuseFrame(this.logAbout, connection, refusal, out);
      });
    }
    const verdict = this.connections.takeFrame(connectionId, this.now());
    if (verdict !== "accept") {
      return this.refuseAtOnce(connectionId, parsed, "rate_limited", (connection, out) =>
        refuseOverBudget(this.logAbout, this.log, connection, parsed, out, verdict === "close"),
      );
    }
    if (!this.connections.reserveFrame(connectionId)) {
      return this.refuseAtOnce(connectionId, parsed, "too_many_pending", (connection, out) =>
        refuseFlood(this.logAbout, connection, parsed, out),
      );
    }
    const operation: Promise<RoomOutcome> =
      parsed.ok && parsed.message.type === "__action"
        ? this.queueAction(connectionId, parsed.message)
        : this.serial(async () => {
            const out = new OutcomeBuilder();
            const connection = this.connections.get(connectionId);
            if (!connection) return this.finish(out);
            if (parsed.ok) {
              if (this.journal && changesRoom(parsed.message))
                this.noteInput({ kind: "frame", connectionId, message: parsed.message });
              await this.handle(connection, parsed.message, out);
            } else {
              refuseFrame(this.logAbout, connection, parsed, out);
              this.noteRefused(connection, parsed.code, parsed);
            }
            return this.finish(out);
          });
    return operation.finally(() => this.connections.releaseFrame(connectionId));
  }

  /** A frame refused without waiting for its turn (too large, over the budget, over the queue limit). */
  private refuseAtOnce(
    connectionId: string,
    parsed: ParsedFrame,
    code: string,
    refuse: (connection: ConnectionInfo | undefined, out: OutcomeBuilder) => void,
  ): Promise<RoomOutcome> {
    const out = new OutcomeBuilder();
    const connection = this.connections.get(connectionId);
    refuse(connection, out);
    if (connection) this.noteRefused(connection, code, parsed);
    return Promise.resolve(this.finish(out));
  }

  /** An action waits from the moment it is queued; on its turn it runs with those right behind it (action-runs.ts). */
  private queueAction(connectionId: string, message: ActionMessage): Promise<RoomOutcome> {
    const place = this.queued++;
    const turn = this.actions.wait(place, connectionId, message);
    return this.queue.run(() => this.atOneInstant(async () => this.finish(await turn())));
  }

  /** One step of the tick loop: update() and a __tick to all. */
  tick(): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      const tickRate = (await this.logic.describe()).tickRate;
      if (!this.record.started || this.frozen || this.connections.size === 0 || tickRate === 0) return this.finish(out);
      if (this.journal) this.noteInput({ kind: "tick" });
      this.record.tick++;
      const ran = await this.logic.run({ kind: "tick", input: this.logicInput(null) }, "update() threw; tick skipped");
      if (!ran.ok) {
        this.note({ kind: "tick", tick: this.record.tick, ok: false, events: [] });
        return this.finish(out);
      }
      this.adopt(ran.result);
      this.note({ kind: "tick", tick: this.record.tick, ok: true, events: ran.result.events });
      out.broadcast.push(
        frames.tick(ran.stateJson, { events: ran.result.events, tick: this.record.tick, gameTime: this.gameTime() }),
      );
      out.persistAt("batched");
      return this.finish(out);
    });
  }

  /**
   * The room's alarm: seats whose grace is over go offline (even in a frozen or empty room), then
   * every deadline whose game time has come runs, each with its own rollback (deadline-runs.ts).
   */
  fireDeadlines(): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      const gracesOver = this.graces.anyDue(this.now());
      const runs = this.record.started && !this.frozen;
      if (this.journal && (gracesOver || (runs && earliestDueDeadline(this.record.deadlines, this.gameTime()))))
        this.noteInput({ kind: "deadlines" });
      if (gracesOver) await this.endGraces(out);
      if (runs) await fireDueDeadlines(this.logicRoom, out);
      return this.finish(out);
    });
  }

  /** Seats whose grace ran out go offline: onPresence for each, presence to all. */
  private async endGraces(out: OutcomeBuilder) {
    this.graces.endDue(this.now());
    const changes = this.notePresence(out);
    for (const { seatId } of changes) this.note({ kind: "offline", seat: seatId });
    if (this.record.started) await runPresenceChanges(this.logicRoom, changes, out);
    out.broadcast.push(this.presenceFrame());
    out.persistAt(this.connections.size === 0 ? "now" : "batched");
  }

  /**
   * Real time of the room's next wake for the core: the next deadline (none while the clock stands
   * still) or the end of a seat's grace, whichever comes first; null when neither.
   */
  nextDeadline(): number | null {
    const grace = this.graces.earliest();
    if (!this.record.started) return grace;
    const next = Math.min(...Object.values(this.record.deadlines).map((d) => d.at));
    const deadline = Number.isFinite(next) ? realTimeOf(this.record.clock, next, this.now()) : null;
    if (deadline === null || grace === null) return deadline ?? grace;
    return Math.min(deadline, grace);
  }

  private async handle(connection: ConnectionInfo, message: ClientMessage, out: OutcomeBuilder) {
    if (message.type === "__input") {
      if (!this.connections.acceptInput(connection, message.data, this.record.roster, this.now())) {
        this.logAbout(connection, "input_dropped", "warn", "input over the rate limit dropped", {
          limit: INPUT_RATE_PER_SECOND,
        });
      } else if (this.journal && this.isSeated(connection)) {
        this.note({ kind: "input", seat: connection.playerId, data: message.data });
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
    // An operator's pause holds until an operator lifts it.
    if (this.record.paused?.operator) return;
    this.record.paused = paused ? { by: connection.playerId } : null;
    this.syncFrozen(out, connection.playerId);
    this.note({ kind: "pause", paused, by: connection.playerId });
    out.persistAt("now");
  }

  /**
   * An operator pauses or resumes the room from the console: the platform pause of document 3, by
   * OPERATOR_PAUSE_BY. Seats cannot lift it (setPaused); resuming lifts any pause, a seat's too.
   */
  operatorPause(paused: boolean): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      if ((this.record.paused !== null) === paused && (!paused || this.record.paused?.operator))
        return this.finish(out);
      if (this.journal) this.noteInput({ kind: "operator", pause: paused });
      this.record.paused = paused ? { by: OPERATOR_PAUSE_BY, operator: true } : null;
      this.syncFrozen(out, OPERATOR_PAUSE_BY);
      this.note({ kind: "pause", paused, by: OPERATOR_PAUSE_BY });
      out.broadcast.push(this.presenceFrame());
      out.persistAt("now");
      return this.finish(out);
    });
  }

  /**
   * An operator closes the room: every connection hears why (a `room.closed` platform message),
   * the record keeps it, and the host then closes every socket and accepts none again.
   */
  operatorClose(message: string): Promise<RoomOutcome> {
    return this.serial(async () => {
      const out = new OutcomeBuilder();
      if (this.journal) this.noteInput({ kind: "operator", close: message });
      if (!this.record.closed) this.record.closed = { at: this.now(), message };
      out.broadcast.push(frames.roomClosed(this.record.closed.message));
      out.persistAt("now");
      return this.finish(out);
    });
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

  private note(operation: JournalOperation) {
    this.journal?.note({ ...operation, gameTime: this.gameTime() }, this.view());
  }

  /** Call only with a journal: an input builds nothing when no dev journal listens. */
  private noteInput(input: RoomInput) {
    this.journal?.input(input, this.now());
  }

  private noteRefused(connection: ConnectionInfo, code: string, parsed: ParsedFrame) {
    if (!this.journal) return;
    const seq = parsed.ok ? (parsed.message.type === "__action" ? parsed.message.seq : null) : parsed.seq;
    this.note({ kind: "refused", seat: connection.playerId, code, seq });
  }

  private isSeated(connection: ConnectionInfo): boolean {
    return seatOf(connection, this.record.roster) !== null;
  }

  private adopt(result: LogicResult) {
    this.record.state = result.state;
    this.record.rng = result.rng;
    this.record.deadlines = result.deadlines;
  }

  private logicInput(playerId: string | null): LogicInput {
    return logicInputOf(this.record, playerId, this.gameTime(), this.connections.latestInputs(), this.presenceNow);
  }

  private stateFrame(connection: ConnectionInfo): string {
    return stateFrameOf(this.record, connection, { gameTime: this.gameTime(), frozen: this.frozen });
  }

  private presenceFrame(): string {
    const view = {
      now: this.now(),
      frozen: this.frozen,
      pausedBy: this.record.paused?.by ?? null,
      graced: this.graces.seats,
    };
    return frames.presence(this.connections.presence(this.record.roster, this.record.seatsSeen, view));
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
      closeSender: out.closeSender,
    };
  }
}

/** Frames that may change the room; a heartbeat or a request for the state changes nothing. */
function changesRoom(message: ClientMessage): boolean {
  return message.type !== "__ping" && message.type !== "__request_state";
}
