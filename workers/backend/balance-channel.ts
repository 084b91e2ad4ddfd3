import type { BalanceSnapshot } from "../../durable-objects/balance/balance";

/** The BALANCE Durable Object of a user (users.id): one channel per user. */
export function balanceChannel(env: Pick<Env, "BALANCE">, userId: number) {
  return env.BALANCE.get(env.BALANCE.idFromName(String(userId)));
}

/**
 * Subscribes to the user's channel; resolves once the subscription is open, with every snapshot
 * published from then on, until `signal` aborts. The Durable Object's JSON lines are read one by one.
 */
export async function openBalanceSnapshots(
  env: Pick<Env, "BALANCE">,
  userId: number,
  signal: AbortSignal,
): Promise<AsyncGenerator<BalanceSnapshot>> {
  const response = await balanceChannel(env, userId).fetch("https://balance/subscribe", { signal });
  return readSnapshots(response, signal);
}

async function* readSnapshots(response: Response, signal: AbortSignal): AsyncGenerator<BalanceSnapshot> {
  if (!response.body) return;
  const lines = response.body.pipeThrough(new TextDecoderStream()).getReader();
  signal.addEventListener("abort", () => lines.cancel().catch(() => {}), { once: true });
  let buffered = "";
  try {
    while (!signal.aborted) {
      const { done, value } = await lines.read();
      if (done) return;
      buffered += value;
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line) as BalanceSnapshot;
        newline = buffered.indexOf("\n");
      }
    }
  } finally {
    await lines.cancel().catch(() => {});
  }
}
