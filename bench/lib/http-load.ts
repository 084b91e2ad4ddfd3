/** Closed-loop HTTP load: `concurrency` clients each send the next request when one returns. */
export async function requestsPerSecond(url: string, { durationMs = 2000, concurrency = 8 } = {}): Promise<number> {
  const deadline = performance.now() + durationMs;
  let completed = 0;
  const client = async () => {
    while (performance.now() < deadline) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      await res.arrayBuffer();
      completed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  return completed / ((performance.now() - started) / 1000);
}

/**
 * Measures two targets alternately for `rounds` rounds and keeps each one's median, so a burst
 * of noise on this shared machine hits both sides rather than one.
 */
export async function interleaved(
  rounds: number,
  measureA: () => Promise<number>,
  measureB: () => Promise<number>,
): Promise<[number, number]> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await measureA());
    b.push(await measureB());
  }
  return [median(a), median(b)];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
