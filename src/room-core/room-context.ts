import { gameTimeAt } from "../engine/game-clock";
import type { LogicInput, LogicResult, PresenceChange, RoomPresence } from "../engine/types";
import { RoomConnections } from "./connections";
import { type ConnectionLog, connectionLog } from "./frame-refusals";
import { frames } from "./frames";
import type { RoomJournal, RoomView } from "./journal";
import { LogicCalls } from "./logic-calls";
import { OutcomeBuilder } from "./outcome";
import { presenceChanges, withSeen } from "./presence";
import { restoredClock } from "./room-clock";
import { RoomFreeze } from "./room-freeze";
import { RoomRecording } from "./room-recording";
import { SeatGraces } from "./seat-grace";
import type { ConnectionInfo, LogicRunner, RoomLogger, RoomRecord } from "./types";
import { logicInputOf, stateFrameOf } from "./views";

export interface RoomContextOptions {
  runner: LogicRunner;
  record: RoomRecord;
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
 * What every part of the room core works on: the record, the live connections and graces, the
 * calls into scenario code, the pause and the recording. The runs (actions, deadlines, presence,
 * ticks, client frames) take it and change it; RoomCore queues them.
 */
export class RoomContext {
  readonly record: RoomRecord;
  readonly logic: LogicCalls;
  readonly log: RoomLogger;
  readonly connections = new RoomConnections();
  /** Lines about one connection's frames, throttled per connection and kind (frame-refusals.ts). */
  readonly logAbout: ConnectionLog;
  /** Seats whose last connection closed, online until their grace ends (seat-grace.ts). */
  readonly graces = new SeatGraces();
  readonly recording: RoomRecording;
  readonly freeze: RoomFreeze;
  /** The room's clock: during an operation, the instant it runs at (instant-queue.ts). */
  readonly now: () => number;
  /**
   * Seats online now and seen so far, as scenario code sees them: worked out when a connection
   * comes or goes (the only inputs that change it), so an action or a tick only passes it on.
   */
  private presenceNow: RoomPresence = { online: [], seen: [] };

  constructor(options: RoomContextOptions, now: () => number) {
    this.now = now;
    this.logic = new LogicCalls(options.runner, options.log);
    this.log = options.log;
    this.logAbout = connectionLog(this.connections, options.log, now);
    this.recording = new RoomRecording(options.journal ?? null, this);
    for (const info of options.liveConnections ?? []) this.connections.add(info);
    this.record = { ...options.record };
    // Records stored before seatsSeen existed have none; the seats connected now were seen.
    this.record.seatsSeen = options.record.seatsSeen ?? [];
    this.updatePresence(new OutcomeBuilder());
    this.record.clock = restoredClock(options.record.clock, this.record.started && !this.frozen);
    this.freeze = new RoomFreeze(this);
  }

  get frozen(): boolean {
    return this.record.paused !== null || !this.connections.anyonePresent();
  }

  gameTime(): number {
    return gameTimeAt(this.record.clock, this.now());
  }

  /** Seats online now and seen so far, as scenario code sees them (ctx.presence). */
  presence(): RoomPresence {
    return this.presenceNow;
  }

  logicInput(playerId: string | null): LogicInput {
    return logicInputOf(this.record, playerId, this.gameTime(), this.connections.latestInputs(), this.presenceNow);
  }

  adopt(result: LogicResult): void {
    this.record.state = result.state;
    this.record.rng = result.rng;
    this.record.deadlines = result.deadlines;
  }

  /**
   * After a connection came or went: the seats whose presence changed. A seat online for the
   * first time is seen from now on, and written at once: at most once per seat in a room's life.
   */
  updatePresence(out: OutcomeBuilder): PresenceChange[] {
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

  /** The room as dev tools show it: ids, roster, presence, clock, pause, deadlines, state and the game's action names. */
  view(): RoomView {
    const { revisionId, codeId, started, seed, roster, tick, paused, deadlines, state } = this.record;
    const described = this.logic.described;
    const game = described && { actions: described.actions, serverActions: described.serverActions };
    const frozen = this.frozen;
    const presence = this.connections.presence(roster, this.record.seatsSeen, {
      now: this.now(),
      frozen,
      pausedBy: paused?.by ?? null,
      graced: this.graces.seats,
    });
    const gameTime = this.gameTime();
    return {
      revisionId,
      codeId,
      started,
      seed,
      roster,
      tick,
      gameTime,
      frozen,
      paused,
      deadlines,
      presence,
      state,
      game,
    };
  }

  stateFrame(connection: ConnectionInfo): string {
    return stateFrameOf(this.record, connection, { gameTime: this.gameTime(), frozen: this.frozen });
  }

  presenceFrame(): string {
    const view = {
      now: this.now(),
      frozen: this.frozen,
      pausedBy: this.record.paused?.by ?? null,
      graced: this.graces.seats,
    };
    return frames.presence(this.connections.presence(this.record.roster, this.record.seatsSeen, view));
  }
}
