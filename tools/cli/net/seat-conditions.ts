// The network each seat of the harness plays on: added latency, a dropped connection, offline for
// a while. The pass-through (conditioned-link.ts) asks it for each socket; the harness page
// changes it through the harness server (conditions-api.ts). It never reaches the room.
import type { NetworkSnapshot } from "../../../src/page-configs/network-conditions.ts";
import { type Clock, QueueBudget, type QueueLimits, SEAT_QUEUE_LIMITS } from "./delay-queue.ts";

/** A socket of a seat, as the pass-through holds it. */
export interface SeatLink {
  /** Closes both sides now, without a close handshake: to the page and the room, the network went away. */
  drop(): void;
}

/** At most this many connection attempts of one seat wait out an offline period; more are refused. */
export const MAX_HELD_ATTEMPTS = 8;

interface SeatState {
  latencyMs: number;
  offlineUntil: number;
  offlineTimer: unknown;
  budget: QueueBudget;
  links: Set<SeatLink>;
  held: Set<HeldAttempt>;
  delayedChunks: number;
}

/** A connection attempt waiting out an offline period. */
export interface HeldAttempt {
  /** The period ended: open it now. */
  proceed(): void;
  /** The harness is closing: give it up. */
  abandon(): void;
}

/** What becomes of a new socket of a seat. */
export type Admission = { go: "now" } | { go: "held"; cancel(): void } | { go: "refused"; message: string };

export class SeatConditions {
  private readonly seats = new Map<string, SeatState>();
  private readonly clock: Clock;
  private readonly seatIds: () => readonly string[];
  private readonly onChange: () => void;
  private readonly limits: QueueLimits;

  constructor(options: {
    clock: Clock;
    /** The seats conditions may be set on: the roster's, and the spectator's when there is one. */
    seatIds: () => readonly string[];
    /** Called after every change the page should show (conditions, connections). */
    onChange: () => void;
    limits?: QueueLimits;
  }) {
    this.clock = options.clock;
    this.seatIds = options.seatIds;
    this.onChange = options.onChange;
    this.limits = options.limits ?? SEAT_QUEUE_LIMITS;
  }

  knows(seatId: string): boolean {
    return this.seatIds().includes(seatId);
  }

  /** One way's share of the seat's added round trip, in ms. */
  oneWayDelay(seatId: string): number {
    return (this.seats.get(seatId)?.latencyMs ?? 0) / 2;
  }

  budget(seatId: string): QueueBudget {
    return this.state(seatId).budget;
  }

  setLatency(seatId: string, ms: number): void {
    this.state(seatId).latencyMs = ms;
    this.onChange();
  }

  /** Closes every socket of the seat now; the SDK's backoff reconnects it. Returns how many. */
  drop(seatId: string): number {
    const links = [...this.state(seatId).links];
    for (const link of links) link.drop();
    this.onChange();
    return links.length;
  }

  /** Drops the seat's sockets and holds its new ones for `seconds`; then it comes back by itself. */
  goOffline(seatId: string, seconds: number): void {
    const seat = this.state(seatId);
    if (seat.offlineTimer !== null) this.clock.clearTimer(seat.offlineTimer);
    seat.offlineUntil = this.clock.now() + seconds * 1000;
    seat.offlineTimer = this.clock.setTimer(() => this.comeBack(seatId), seconds * 1000);
    this.drop(seatId);
  }

  /** A new socket of the seat: it goes now, waits until an offline period ends, or is refused. */
  admit(seatId: string, attempt: HeldAttempt): Admission {
    const seat = this.seats.get(seatId);
    if (!seat || seat.offlineTimer === null) return { go: "now" };
    if (seat.held.size >= MAX_HELD_ATTEMPTS)
      return {
        go: "refused",
        message: `seat ${seatId} is offline and already has ${MAX_HELD_ATTEMPTS} connections waiting`,
      };
    seat.held.add(attempt);
    return { go: "held", cancel: () => seat.held.delete(attempt) };
  }

  /** The pass-through opened a socket of the seat; the returned function says it closed. */
  attach(seatId: string, link: SeatLink): () => void {
    const seat = this.state(seatId);
    seat.links.add(link);
    this.onChange();
    return () => {
      if (seat.links.delete(link)) this.onChange();
    };
  }

  countDelayed(seatId: string): void {
    this.state(seatId).delayedChunks++;
  }

  snapshot(): NetworkSnapshot {
    const now = this.clock.now();
    const seats: NetworkSnapshot["seats"] = {};
    for (const id of this.seatIds()) {
      const seat = this.seats.get(id);
      seats[id] = {
        latencyMs: seat?.latencyMs ?? 0,
        offlineMsLeft: seat && seat.offlineTimer !== null ? Math.max(0, Math.round(seat.offlineUntil - now)) : 0,
        connections: seat?.links.size ?? 0,
        delayedChunks: seat?.delayedChunks ?? 0,
      };
    }
    return { seats };
  }

  /** The harness is closing: stops the offline timers and closes every seat's sockets, held ones too. */
  close(): void {
    for (const seat of this.seats.values()) {
      if (seat.offlineTimer !== null) this.clock.clearTimer(seat.offlineTimer);
      seat.offlineTimer = null;
      for (const attempt of seat.held) attempt.abandon();
      seat.held.clear();
      for (const link of [...seat.links]) link.drop();
    }
  }

  private comeBack(seatId: string) {
    const seat = this.state(seatId);
    seat.offlineTimer = null;
    const held = [...seat.held];
    seat.held.clear();
    this.onChange();
    for (const attempt of held) attempt.proceed();
  }

  private state(seatId: string): SeatState {
    let seat = this.seats.get(seatId);
    if (!seat) {
      seat = {
        latencyMs: 0,
        offlineUntil: 0,
        offlineTimer: null,
        budget: new QueueBudget(this.limits),
        links: new Set(),
        held: new Set(),
        delayedChunks: 0,
      };
      this.seats.set(seatId, seat);
    }
    return seat;
  }
}
