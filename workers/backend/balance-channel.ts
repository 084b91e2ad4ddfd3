import type { BalanceSnapshot } from "../../durable-objects/balance/balance";

/** The BALANCE Durable Object of a user (users.id): one channel per user. */
export function balanceChannel(env: Pick<Env, "BALANCE">, userId: number) {
  return env.BALANCE.get(env.BALANCE.idFromName(String(userId)));
}

/**
 * Subscribes to the user's channel; resolves once the subscription is open, with every snapshot
 * published from then on, until `signal` aborts or the channel closes. The channel is a WebSocket
 * to the Durable Object (which hibernates between publishes); its messages are queued from the
 * moment it opens, so nothing published after this resolves is missed.
 */
export async function openBalanceSnapshots(
  env: Pick<Env, "BALANCE">,
  userId: number,
  signal: AbortSignal,
): Promise<AsyncGenerator<BalanceSnapshot>> {
  const response = await balanceChannel(env, userId).fetch("https://balance/subscribe", {
    headers: { upgrade: "websocket" },
    signal,
  });
  const socket = response.webSocket;
  if (!socket) throw new Error(`the balance channel refused the subscription (${response.status})`);
  const inbox = new SnapshotInbox(socket, signal);
  socket.accept();
  return inbox.drain();
}

/** The channel socket's snapshots, queued as they arrive and read one by one. */
class SnapshotInbox {
  private readonly queued: BalanceSnapshot[] = [];
  private ended = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly socket: WebSocket,
    private readonly signal: AbortSignal,
  ) {
    socket.addEventListener("message", (event) => {
      this.queued.push(JSON.parse(event.data as string) as BalanceSnapshot);
      this.notify();
    });
    socket.addEventListener("close", () => this.end());
    socket.addEventListener("error", () => this.end());
    signal.addEventListener("abort", () => this.end(), { once: true });
  }

  async *drain(): AsyncGenerator<BalanceSnapshot> {
    try {
      for (;;) {
        if (this.signal.aborted) return;
        const next = this.queued.shift();
        if (next) {
          yield next;
        } else if (this.ended) {
          return;
        } else {
          await new Promise<void>((resolve) => {
            this.wake = resolve;
          });
        }
      }
    } finally {
      this.end();
    }
  }

  private end() {
    if (!this.ended) {
      this.ended = true;
      try {
        this.socket.close(1000, "unsubscribed");
      } catch {
        // closed by the other side already
      }
    }
    this.notify();
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
