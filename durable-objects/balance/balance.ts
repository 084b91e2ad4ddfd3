import { DurableObject } from "cloudflare:workers";
import { answerClose } from "../../src/worker-kit/close-handshake";

export interface BalanceSnapshot {
  balance: number;
  updatedAt: number;
}

/**
 * One per user (idFromName(String(users.id))): the channel behind the currentUserCoinBalance
 * subscription, over server-sent events and over graphql-ws alike. A credit or cancel publishes
 * the new balance here. Each open subscription is a WebSocket from the Worker serving it,
 * accepted with the hibernation API, so an idle subscription keeps nothing in memory: a publish
 * wakes the object, which sends the snapshot (one JSON text message) on every socket.
 */
export class Balance extends DurableObject<Env> {
  async publish(balance: number): Promise<BalanceSnapshot> {
    const snapshot: BalanceSnapshot = { balance, updatedAt: Date.now() };
    this.ctx.storage.kv.put("latest", snapshot);
    const message = JSON.stringify(snapshot);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
      } catch {
        // Closing already: its webSocketClose comes next.
      }
    }
    return snapshot;
  }

  async latest(): Promise<BalanceSnapshot | null> {
    return this.ctx.storage.kv.get<BalanceSnapshot>("latest") ?? null;
  }

  /** Number of open subscriptions (stats for tests and operators). */
  async subscriberCount(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** A subscription: a WebSocket that receives every publish from now on. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("A balance subscription is a WebSocket.", { status: 426 });
    }
    const { 0: worker, 1: channel } = new WebSocketPair();
    this.ctx.acceptWebSocket(channel);
    return new Response(null, { status: 101, webSocket: worker });
  }

  override webSocketClose(socket: WebSocket, code: number, reason: string): void {
    answerClose(socket, code, reason);
  }
}
