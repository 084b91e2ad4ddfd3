/**
 * Open-loop load on many rooms at once: `rooms` rooms of `seats` seats, each seat sending
 * `ratePerSeat` actions a second for `durationMs`, every action timed from its send to its
 * acknowledgement. What a connection speaks (URL, frames, which action to send) is the target's
 * business: the engine only schedules sends and counts answers.
 *
 * Open loop: the n-th action of the whole run is due at start + n / (rooms x seats x rate), on
 * seat n mod (rooms x seats), whether earlier ones were answered or not, so a slow server does
 * not lower the rate offered to it. A send that falls behind its due time (a busy client) goes
 * out at once, and the largest such lag is reported.
 *
 * Every action sent ends as exactly one of: acked, refused (an error with the server's code),
 * broken (its connection closed first: an error with code `connection_closed`), or lost (no
 * answer within `drainMs` after the last send). At its due time a seat may also send a
 * continuous input (no answer expected, counted apart) or nothing at all: idle while its game goes
 * on, or over once its game ended (counted apart): a bot playing a game sends what its seat can do now.
 */

/** Which seat of which room, both from 0. */
export interface SeatAddress {
  room: number;
  seat: number;
}

/** What a target reports to the engine about one seat's actions. */
export interface SeatEvents {
  /** The action numbered `seq` (the seat's own numbering, from 1) was acknowledged. */
  acked(seq: number): void;
  /** The action numbered `seq` was refused with this error code. */
  refused(seq: number, code: string): void;
  /** The connection is gone: its unanswered actions are errors, it sends nothing more. */
  closed(): void;
}

/** What a seat sent when it was due: an action (numbered, answered), a continuous input, or nothing (its game on, or over). */
export type SendKind = "action" | "input" | "idle" | "over";

/** One open seat. */
export interface SeatConnection {
  /**
   * The seat is due: sends its action numbered `seq`, or an input, or nothing (the target picks),
   * and says which. `seq` is used only by an action; the next action gets the same one otherwise.
   */
  send(seq: number): SendKind;
  close(): void | Promise<void>;
}

/** How to reach the rooms under load. */
export interface LoadTarget {
  /** Opens one seat; resolves once it can send actions, rejects (with a reason) if it cannot. */
  openSeat(address: SeatAddress, events: SeatEvents): Promise<SeatConnection>;
}

export interface LoadClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface LoadPlan {
  rooms: number;
  seats: number;
  /** Actions per second sent by each seat. */
  ratePerSeat: number;
  durationMs: number;
  /** How long after the last send unanswered actions still count; then they are lost. Default 5 s. */
  drainMs?: number;
  /** Seats opened at once while connecting. Default 16. */
  openConcurrency?: number;
  /** Called once every seat that could open is open, before the first send. */
  onSeatsOpen?: (opened: number) => void;
  /** Called about every `progressEveryMs` (default 1 s) while sending and draining. */
  onProgress?: (progress: LoadProgress) => void;
  progressEveryMs?: number;
  /** Wall clock by default; tests drive their own. */
  clock?: LoadClock;
}

export interface LoadProgress {
  elapsedMs: number;
  /** Actions sent (inputs and idle turns are not actions). */
  sent: number;
  acked: number;
  errors: number;
  inFlight: number;
}

export interface LoadReport {
  /** Actions a second the plan offers: rooms x seats x ratePerSeat. */
  offeredPerSecond: number;
  /** Actions the plan scheduled; more than `sent` when seats failed to open or closed. */
  planned: number;
  /** Acknowledged actions a second, from the first send to the last acknowledgement. */
  achievedPerSecond: number;
  seatsOpened: number;
  /** Seats that could not be opened, by reason: they sent nothing. */
  seatFailures: Record<string, number>;
  /** Actions sent. */
  sent: number;
  /** Continuous inputs sent (no answer expected). */
  inputs: number;
  /** Turns a seat was due and sent nothing while its game went on. */
  idle: number;
  /** Turns a seat was due after its game was over (it sent nothing). */
  over: number;
  acked: number;
  /** Actions that failed, by error code (`connection_closed` for those cut off by a closed connection). */
  errors: Record<string, number>;
  errorCount: number;
  lost: number;
  /** Send-to-acknowledgement time of every acknowledged action, in ms, in arrival order. */
  roundTripsMs: number[];
  /** The most a send went out after its due time, in ms. */
  maxSendLagMs: number;
  /** From the first send to the end of the drain, in ms. */
  elapsedMs: number;
}

const wallClock: LoadClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** Wait step while draining: how often the engine looks whether every action was answered. */
const DRAIN_STEP_MS = 20;

export async function runLoad(target: LoadTarget, plan: LoadPlan): Promise<LoadReport> {
  const clock = plan.clock ?? wallClock;
  const counts = new Counts(clock);
  const seats = await openSeats(target, plan, counts);
  const open = seats.filter(isOpen);
  plan.onSeatsOpen?.(open.length);
  const progressEvery = plan.progressEveryMs ?? 1000;
  let nextProgress = 0;
  const report = (elapsedMs: number) => {
    if (elapsedMs < nextProgress) return;
    nextProgress = elapsedMs + progressEvery;
    plan.onProgress?.({ elapsedMs, ...counts.summary() });
  };

  try {
    const total = plannedActions(plan);
    const interval = 1000 / (plan.rooms * plan.seats * plan.ratePerSeat);
    const started = clock.now();
    counts.started = started;
    for (let n = 0; n < total; n++) {
      const due = started + n * interval;
      const wait = due - clock.now();
      if (wait > 0) await clock.sleep(wait);
      else counts.maxSendLagMs = Math.max(counts.maxSendLagMs, -wait);
      const seat = seats[n % seats.length] as Seat;
      if (isOpen(seat)) counts.send(seat);
      report(clock.now() - started);
    }
    const drainEnd = clock.now() + (plan.drainMs ?? 5000);
    while (counts.inFlight() > 0 && clock.now() < drainEnd) {
      await clock.sleep(Math.min(DRAIN_STEP_MS, drainEnd - clock.now()));
      report(clock.now() - started);
    }
  } finally {
    // What is still unanswered now is lost, not cut off by the closes below.
    counts.stop();
    await Promise.all(open.map((seat) => seat.connection.close()));
  }
  return counts.report(plan, open.length);
}

/** Actions the plan schedules: rooms x seats x rate x duration. */
export function plannedActions(plan: LoadPlan): number {
  return Math.floor(plan.rooms * plan.seats * plan.ratePerSeat * (plan.durationMs / 1000));
}

interface Seat {
  connection: SeatConnection | null;
  closed: boolean;
  nextSeq: number;
  /** Send time of each unanswered action, by seq. */
  pending: Map<number, number>;
}

type OpenSeat = Seat & { connection: SeatConnection };

const isOpen = (seat: Seat): seat is OpenSeat => seat.connection !== null && !seat.closed;

async function openSeats(target: LoadTarget, plan: LoadPlan, counts: Counts): Promise<Seat[]> {
  const addresses: SeatAddress[] = [];
  for (let room = 0; room < plan.rooms; room++) {
    for (let seat = 0; seat < plan.seats; seat++) addresses.push({ room, seat });
  }
  const seats: Seat[] = addresses.map(() => ({ connection: null, closed: false, nextSeq: 1, pending: new Map() }));
  let next = 0;
  const opener = async () => {
    while (next < addresses.length) {
      const index = next++;
      const seat = seats[index] as Seat;
      try {
        seat.connection = await target.openSeat(addresses[index] as SeatAddress, counts.eventsOf(seat));
      } catch (error) {
        counts.seatFailed(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.openConcurrency ?? 16, addresses.length) }, opener));
  return seats;
}

/** The run's tally; every sent action is pending until exactly one outcome takes it. */
class Counts {
  started = 0;
  stoppedAt = 0;
  lastAckAt = 0;
  maxSendLagMs = 0;
  private stopped = false;
  private sent = 0;
  private inputs = 0;
  private idle = 0;
  private over = 0;
  private acked = 0;
  private pendingTotal = 0;
  private readonly errors: Record<string, number> = {};
  private readonly seatFailures: Record<string, number> = {};
  private readonly roundTripsMs: number[] = [];

  private readonly clock: LoadClock;

  constructor(clock: LoadClock) {
    this.clock = clock;
  }

  send(seat: OpenSeat) {
    const seq = seat.nextSeq;
    const at = this.clock.now();
    const kind = seat.connection.send(seq);
    if (kind === "input") this.inputs++;
    if (kind === "idle") this.idle++;
    if (kind === "over") this.over++;
    if (kind !== "action") return;
    // An answer arrives on a later turn of the event loop, never before this line.
    seat.nextSeq++;
    seat.pending.set(seq, at);
    this.sent++;
    this.pendingTotal++;
  }

  eventsOf(seat: Seat): SeatEvents {
    return {
      acked: (seq) => {
        const sentAt = this.settle(seat, seq);
        if (sentAt === undefined) return;
        this.lastAckAt = this.clock.now();
        this.acked++;
        this.roundTripsMs.push(this.lastAckAt - sentAt);
      },
      refused: (seq, code) => {
        if (this.settle(seat, seq) !== undefined) this.fail(code);
      },
      closed: () => {
        if (this.stopped) return;
        seat.closed = true;
        for (const seq of [...seat.pending.keys()]) {
          this.settle(seat, seq);
          this.fail("connection_closed");
        }
      },
    };
  }

  /** Ends the count: later answers and closes change nothing. */
  stop() {
    if (!this.stopped) this.stoppedAt = this.clock.now();
    this.stopped = true;
  }

  seatFailed(reason: string) {
    this.seatFailures[reason] = (this.seatFailures[reason] ?? 0) + 1;
  }

  inFlight() {
    return this.pendingTotal;
  }

  summary() {
    return { sent: this.sent, acked: this.acked, errors: this.errorCount(), inFlight: this.pendingTotal };
  }

  report(plan: LoadPlan, seatsOpened: number): LoadReport {
    const seconds = (this.lastAckAt - this.started) / 1000;
    return {
      offeredPerSecond: plan.rooms * plan.seats * plan.ratePerSeat,
      planned: plannedActions(plan),
      achievedPerSecond: this.acked > 0 && seconds > 0 ? this.acked / seconds : 0,
      seatsOpened,
      seatFailures: { ...this.seatFailures },
      sent: this.sent,
      inputs: this.inputs,
      idle: this.idle,
      over: this.over,
      acked: this.acked,
      errors: { ...this.errors },
      errorCount: this.errorCount(),
      lost: this.pendingTotal,
      roundTripsMs: [...this.roundTripsMs],
      maxSendLagMs: this.maxSendLagMs,
      elapsedMs: Math.max(0, this.stoppedAt - this.started),
    };
  }

  /** Takes an action out of its seat's pending set; undefined for one not pending (a duplicate, a late answer). */
  private settle(seat: Seat, seq: number): number | undefined {
    if (this.stopped) return undefined;
    const sentAt = seat.pending.get(seq);
    if (sentAt === undefined) return undefined;
    seat.pending.delete(seq);
    this.pendingTotal--;
    return sentAt;
  }

  private fail(code: string) {
    this.errors[code] = (this.errors[code] ?? 0) + 1;
  }

  private errorCount() {
    return Object.values(this.errors).reduce((sum, n) => sum + n, 0);
  }
}
