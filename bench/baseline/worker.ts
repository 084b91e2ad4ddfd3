import { DurableObject } from "cloudflare:workers";
import { Hono } from "hono";
import { routePartykitRequest } from "partyserver";
import type { CounterParty } from "./counter-party.ts";

export { CounterParty } from "./counter-party.ts";

/** The floor the rooms are measured against: a Durable Object that relays each frame to every socket. */
export class Relay extends DurableObject {
  override async fetch(): Promise<Response> {
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(_ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    for (const socket of this.ctx.getWebSockets()) socket.send(message);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    ws.close(code === 1005 || code === 1006 ? 1000 : code);
  }
}

type Bindings = { RELAY: DurableObjectNamespace<Relay>; COUNTER_PARTY: DurableObjectNamespace<CounterParty> };
const app = new Hono<{ Bindings: Bindings }>();
/** The floor of the HTTP benchmarks: a bare Hono route. */
app.get("/", (c) => c.json({ status: "ok" }));
app.get("/relay/:room", (c) => c.env.RELAY.get(c.env.RELAY.idFromName(c.req.param("room"))).fetch(c.req.raw));

// The partyserver peer, routed as partyserver apps route (/parties/counter-party/{room}), through
// the Worker's env as `cloudflare:workers` exports it.
app.get("/parties/*", async (c) => (await routePartykitRequest(c.req.raw)) ?? c.notFound());

export default app;
