import { parseClientFrame } from "../engine/parse-frame";
import type { GameEvent, Seat } from "../engine/types";
import type { RoomCore } from "./room-core";
import type { ActResult } from "./test-room-types";
import { ticksRun } from "./tick-runs";
import type { ConnectionInfo, RoomOutcome } from "./types";

/**
 * advance() fires the alarm at most this many times at one instant: a deadline handler that keeps
 * setting its deadline at the game time it runs at would never let the clock move on.
 */
const MAX_FIRINGS_AT_ONCE = 100;

/** The fields of the room's answers to a client that a test room reads. */
interface ServerFrame {
  type: string;
  ack?: number | null;
  seq?: number | null;
  events?: GameEvent[];
  serverEvents?: GameEvent[];
  code?: string;
  error?: string;
}
const parseFrame = (frame: string): ServerFrame => JSON.parse(frame) as ServerFrame;

/**
 * How a test room (test-room.ts) feeds its core: each call one input, as the room's host makes it
 * (connections, client frames checked at the edge, the tick loop, the alarm), on a clock only the
 * test moves. The tick loop and the alarm run as the room's do (tick-loop.ts, room-alarm.ts).
 */
export class RoomDriver {
  private readonly core: RoomCore;
  private readonly clock: { now: number };
  private readonly manual: boolean;
  /** Each seat's open connections, oldest first. */
  private readonly open = new Map<string, ConnectionInfo[]>();
  private readonly ticks = new TickSchedule();
  private made = 0;
  private seq = 0;

  constructor(core: RoomCore, clock: { now: number }, manual: boolean) {
    this.core = core;
    this.clock = clock;
    this.manual = manual;
  }

  async connect(seat: string, roster: Seat[]): Promise<void> {
    const info: ConnectionInfo = {
      connectionId: `${seat}#${++this.made}`,
      playerId: seat,
      nickname: seat,
      monitor: false,
      connectedAt: this.clock.now,
    };
    this.open.set(seat, [...(this.open.get(seat) ?? []), info]);
    await this.run(() => this.core.connect(info, roster));
  }

  async disconnect(seat: string): Promise<void> {
    const [oldest, ...rest] = this.open.get(seat) ?? [];
    if (!oldest) throw new Error(`${seat} has no open connection to close`);
    this.open.set(seat, rest);
    await this.run(() => this.core.disconnect(oldest.connectionId));
  }

  /** An __action from the seat: applied with its events, or refused with the error its client gets. */
  async act(seat: string, action: string, payload: unknown): Promise<ActResult> {
    const seq = ++this.seq;
    const outcome = await this.frame(seat, { type: "__action", action, payload, seq });
    for (const frame of outcome.toSender.map(parseFrame)) {
      if (frame.type === "__action_result" && frame.ack === seq)
        return { applied: true, events: frame.events ?? [], serverEvents: frame.serverEvents ?? [] };
      if (frame.type === "__action_error" && (frame.seq === seq || frame.seq === null))
        return { applied: false, code: String(frame.code), error: String(frame.error) };
    }
    throw new Error(`the room answered ${seat}'s ${action} with neither a result nor an error`);
  }

  async input(seat: string, data: Record<string, unknown>): Promise<void> {
    const outcome = await this.frame(seat, { type: "__input", data });
    const refusal = outcome.toSender.map(parseFrame).find((frame) => frame.type === "__action_error");
    if (refusal) throw new Error(`the room refused ${seat}'s input: ${refusal.code}: ${refusal.error}`);
  }

  /** Moves the clock on by `ms`, running the tick loop and the alarm on the way unless the clock is manual. */
  async advanceBy(ms: number): Promise<void> {
    const until = this.clock.now + ms;
    let firings = { at: this.clock.now, count: 0 };
    while (!this.manual) {
      const alarm = this.core.nextDeadline();
      const tick = this.ticks.next();
      if (alarm !== null && alarm <= until && (tick === null || alarm <= tick)) {
        this.clock.now = Math.max(this.clock.now, alarm);
        firings = { at: this.clock.now, count: firings.at === this.clock.now ? firings.count + 1 : 1 };
        if (firings.count > MAX_FIRINGS_AT_ONCE) {
          const at = this.core.gameTime();
          throw new Error(`a deadline keeps coming due at game time ${at}: the clock cannot move on`);
        }
        await this.fireDeadlines();
      } else if (tick !== null && tick <= until) {
        this.clock.now = Math.max(this.clock.now, tick);
        this.ticks.ran();
        await this.tick();
      } else break;
    }
    this.clock.now = until;
  }

  async tick(): Promise<void> {
    await this.run(() => this.core.tick());
  }

  async fireDeadlines(): Promise<void> {
    await this.run(() => this.core.fireDeadlines());
  }

  /** A client frame from the seat's newest connection, checked at the edge as the room's are. */
  private frame(seat: string, message: Record<string, unknown>): Promise<RoomOutcome> {
    const connection = this.open.get(seat)?.at(-1);
    if (!connection) throw new Error(`${seat} is not connected: connect("${seat}") first`);
    const parsed = parseClientFrame(JSON.stringify(message));
    return this.run(() => this.core.receive(connection.connectionId, parsed));
  }

  /** Runs one operation and starts or stops the tick loop as its outcome says. */
  private async run(operation: () => Promise<RoomOutcome>): Promise<RoomOutcome> {
    const outcome = await operation();
    let openCount = 0;
    for (const connections of this.open.values()) openCount += connections.length;
    this.ticks.follow(outcome, openCount, this.clock.now);
    return outcome;
  }
}

/**
 * The tick loop on the test's clock: it runs exactly when the room's (durable-objects/room/
 * tick-loop.ts) does (a tick rate, a started game, not frozen, a connection open), a tick every
 * 1000 / tickRate ms from the moment it started, each on a whole millisecond.
 */
class TickSchedule {
  private startedAt: number | null = null;
  private interval = 0;
  private count = 0;

  follow(outcome: { tickRate: number; started: boolean; frozen: boolean }, openCount: number, now: number): void {
    const run = ticksRun(outcome, openCount);
    if (run && this.startedAt === null) {
      this.startedAt = now;
      this.interval = 1000 / outcome.tickRate;
      this.count = 0;
    } else if (!run) this.startedAt = null;
  }

  /** Real time of the next tick; null while the loop does not run. */
  next(): number | null {
    return this.startedAt === null ? null : this.startedAt + Math.round((this.count + 1) * this.interval);
  }

  ran(): void {
    this.count++;
  }
}
