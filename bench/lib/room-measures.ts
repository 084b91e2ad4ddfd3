/**
 * The single-room measurements of the rooms bench, for any server that speaks the room protocol's
 * action frames (our rooms, the peers) or any other frame (the relay): round trips one at a time,
 * and throughput with several in flight, each target taking its turn so that noise elsewhere on
 * the machine slows all of them alike.
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

/** `samples` round trips on every target, one in flight at a time, taking turns (after a warm-up). */
export async function measureTrips(targets: TripTarget<any>[], samples: number): Promise<Trips[]> {
  const results: Trips[] = targets.map(() => ({ own: [], others: [] }));
  for (let seq = 1; seq <= WARM_UP + samples; seq++) {
    for (const [index, target] of targets.entries()) {
      const trips = results[index] as Trips;
      const record = seq > WARM_UP;
      const sender = target.clients[seq % target.clients.length];
      const t0 = performance.now();
      const pending = target.send(sender, seq);
      await Promise.all([
        pending.own.then(() => record && trips.own.push(performance.now() - t0)),
        ...pending.others.map((p) => p.then(() => record && trips.others.push(performance.now() - t0))),
      ]);
    }
  }
  return results;
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
