/**
 * The single-room measurements of the rooms bench, for any server that speaks the room protocol's
 * action frames (our rooms, the peers) or any other frame (the relay): round trips one at a time,
 * and throughput with several in flight, each target taking its turn so that noise elsewhere on
 * the machine slows all of them alike. Round trips take turns in two ways: in turns of steady play
 * (measureTripsInTurns: the budgeted figure) and one trip each (measureTrips: every target idles
 * between its trips, a figure without budget; docs/decisions/0103-room-round-trip-against-partyserver-the-calls.md).
 */

/** A bench client in one room: sends frames and waits for one (BenchSocket, ColyseusSeat). */
export interface FrameClient {
  send(frame: unknown): void;
  next(match: (frame: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

/** Sends one frame from `sender`: `own` settles with its answer, `others` when each other client saw it. */
export type TripSender<C> = (sender: C, seq: number) => { own: Promise<unknown>; others: Promise<unknown>[] };

export interface TripTarget<C> {
  clients: C[];
  send: TripSender<C>;
}

export interface Trips {
  own: number[];
  others: number[];
}

const WARM_UP = 10;
/** Every round trip's seq, unique across measurements, so that no answer can be taken for another's. */
let nextTripSeq = 1;
/** Round trips taken so far per target: its clients send in turn. */
const tripsTaken = new WeakMap<TripTarget<any>, number>();

/** One round trip on `target` from its next client, recorded into `trips` unless null. */
async function trip(target: TripTarget<any>, trips: Trips | null): Promise<void> {
  const seq = nextTripSeq++;
  const taken = tripsTaken.get(target) ?? 0;
  tripsTaken.set(target, taken + 1);
  const sender = target.clients[taken % target.clients.length];
  const t0 = performance.now();
  const pending = target.send(sender, seq);
  await Promise.all([
    pending.own.then(() => trips?.own.push(performance.now() - t0)),
    ...pending.others.map((p) => p.then(() => trips?.others.push(performance.now() - t0))),
  ]);
}

/**
 * `samples` round trips on every target, one in flight at a time, the targets taking turns after
 * every trip (after a warm-up): each target idles while the others take theirs.
 */
export async function measureTrips(targets: TripTarget<any>[], samples: number): Promise<Trips[]> {
  const results: Trips[] = targets.map(() => ({ own: [], others: [] }));
  for (let round = 1; round <= WARM_UP + samples; round++) {
    for (const [index, target] of targets.entries()) {
      await trip(target, round > WARM_UP ? (results[index] as Trips) : null);
    }
  }
  return results;
}

export interface TurnPlan {
  /**
   * Unrecorded round trips each target takes first, one target after the other, so that every
   * runtime's compiler has seen its hot path before the turns are recorded (a long-lived room's
   * code is hot; the cold start has a row of its own).
   */
  warmUp: number;
  /** Turns each target takes. */
  turns: number;
  /** Round trips recorded in each turn, back to back: one client, one action in flight. */
  perTurn: number;
  /** Round trips at the start of each turn that are not recorded (the target was idle before). */
  settle: number;
}

/**
 * `turns * perTurn` round trips on every target, one in flight at a time, the targets taking turns
 * in blocks: each turn starts with `settle` unrecorded trips, then records `perTurn` back to back.
 * Noise elsewhere on the machine still falls on every target, while each is measured in steady play.
 */
export async function measureTripsInTurns(
  targets: TripTarget<any>[],
  { warmUp, turns, perTurn, settle }: TurnPlan,
): Promise<Trips[]> {
  const results: Trips[] = targets.map(() => ({ own: [], others: [] }));
  for (const target of targets) for (let k = 0; k < warmUp; k++) await trip(target, null);
  for (let turn = 0; turn < turns; turn++) {
    for (const [index, target] of targets.entries()) {
      for (let k = 0; k < settle + perTurn; k++) await trip(target, k >= settle ? (results[index] as Trips) : null);
    }
  }
  return results;
}

/**
 * `rounds` rounds of measureTripsInTurns on the same targets, the warm-up before the first only:
 * each round's trips apart, so that a row can take the median of the rounds' percentiles and a
 * round that a load elsewhere on the machine slowed does not decide it.
 */
export async function measureTripsInRounds(
  targets: TripTarget<any>[],
  plan: TurnPlan,
  rounds: number,
): Promise<Trips[][]> {
  const byTarget: Trips[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const measured = await measureTripsInTurns(targets, { ...plan, warmUp: round === 0 ? plan.warmUp : 0 });
    for (const [index, trips] of measured.entries()) byTarget[index]?.push(trips);
  }
  return byTarget;
}

/** Every round's trips of one target together (for a p99 over all of them). */
export function pooled(rounds: Trips[]): Trips {
  return { own: rounds.flatMap((trips) => trips.own), others: rounds.flatMap((trips) => trips.others) };
}

/** The median of `values` (the mean of the middle two when they are even in number); NaN when empty. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The counter fixture's `add` through the room protocol, one at a time: the sender's
 * `__action_result` (ack = seq) and every other client's broadcast of the new count.
 */
export function counterTrips(clients: FrameClient[]): TripSender<FrameClient> {
  let count = 0;
  return (sender, seq) => {
    const expected = ++count;
    const own = sender.next((f) => f.type === "__action_result" && f.ack === seq);
    const others = clients
      .filter((c) => c !== sender)
      .map((c) => c.next((f) => f.type === "__action_result" && f.ack === null && f.state.count === expected));
    sender.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
    return { own, others };
  };
}

/** One `add` through the room protocol, resolved by its ack; a refusal fails the run. */
export async function counterAction(client: FrameClient, seq: number): Promise<void> {
  const done = client.next(
    (f) => (f.type === "__action_result" && f.ack === seq) || (f.type === "__action_error" && f.seq === seq),
  );
  client.send({ type: "__action", action: "add", payload: { n: 1 }, seq });
  const result = await done;
  if (result.type === "__action_error") throw new Error(`action refused during the throughput run: ${result.code}`);
}

export interface ThroughputTarget<C> {
  clients: C[];
  roundTrip(client: C, seq: number): Promise<unknown>;
  /** CPU so far of the process(es) serving it, in ms, if it can be read. */
  cpuMs?: () => number;
}

export interface Throughput {
  completed: number;
  seconds: number;
  cpuMs: number;
  /** Completed round trips a second. */
  rate: number;
  /** CPU per completed round trip, in ms (0 when it cannot be read). */
  cpuPerAction: number;
}

let nextThroughputSeq = 1_000_000;

/**
 * Every client of a target keeps `inFlight` round trips going for one window; the targets take
 * turns, `windows` times each. CPU is read around each window of its own target.
 */
export async function measureThroughput(
  targets: ThroughputTarget<any>[],
  { windows, windowMs, inFlight }: { windows: number; windowMs: number; inFlight: number },
): Promise<Throughput[]> {
  const totals = targets.map(() => ({ completed: 0, seconds: 0, cpuMs: 0 }));
  for (let window = 0; window < windows; window++) {
    for (const [index, target] of targets.entries()) {
      const total = totals[index] as (typeof totals)[number];
      const cpuBefore = target.cpuMs?.() ?? 0;
      const deadline = performance.now() + windowMs;
      let completed = 0;
      const lane = async (client: unknown) => {
        while (performance.now() < deadline) {
          await target.roundTrip(client, nextThroughputSeq++);
          completed++;
        }
      };
      const started = performance.now();
      await Promise.all(target.clients.flatMap((client) => Array.from({ length: inFlight }, () => lane(client))));
      total.seconds += (performance.now() - started) / 1000;
      total.completed += completed;
      total.cpuMs += (target.cpuMs?.() ?? 0) - cpuBefore;
    }
  }
  return totals.map((t) => ({ ...t, rate: t.completed / t.seconds, cpuPerAction: t.cpuMs / Math.max(1, t.completed) }));
}
