import { DurableObject } from "cloudflare:workers";

export interface BalanceSnapshot {
  balance: number;
  updatedAt: number;
}

const encoder = new TextEncoder();

/**
 * One per user (idFromName(String(users.id))): the channel behind the currentUserCoinBalance
 * subscription. A credit or cancel publishes the new balance here; each open subscription holds
 * a stream from `fetch` and receives every later snapshot as one JSON line.
 */
export class Balance extends DurableObject<Env> {
  private readonly subscribers = new Set<WritableStreamDefaultWriter<Uint8Array>>();

  async publish(balance: number): Promise<BalanceSnapshot> {
    const snapshot: BalanceSnapshot = { balance, updatedAt: Date.now() };
    this.ctx.storage.kv.put("latest", snapshot);
    const line = encoder.encode(`${JSON.stringify(snapshot)}\n`);
    await Promise.all(
      [...this.subscribers].map((writer) =>
        writer.write(line).catch(() => {
          // The subscriber went away (client closed the stream): forget it.
          this.subscribers.delete(writer);
        }),
      ),
    );
    return snapshot;
  }

  async latest(): Promise<BalanceSnapshot | null> {
    return this.ctx.storage.kv.get<BalanceSnapshot>("latest") ?? null;
  }

  /** Number of open subscriptions (stats for tests and operators). */
  async subscriberCount(): Promise<number> {
    return this.subscribers.size;
  }

  /** A subscription: a stream of JSON lines, one per publish from now on. */
  override async fetch(_request: Request): Promise<Response> {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.subscribers.add(writer);
    writer.closed.catch(() => this.subscribers.delete(writer));
    return new Response(readable, { headers: { "content-type": "application/x-ndjson" } });
  }
}
