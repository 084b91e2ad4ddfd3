/**
 * The rooms bench's Colyseus peer, as its own Node process: `node bench/peers/colyseus-server.ts
 * <port>` serves one room type, `counter`, on 127.0.0.1 with Colyseus's ws transport, and prints
 * `ready` once it listens. Each room runs the counter fixture's reducer in-process and answers in
 * plain room messages, as the other rooms of the bench do (no schema state, no patches).
 * It exits when its standard input closes (the bench that started it is gone) and after
 * MAX_LIFETIME_MS in any case, so it never outlives a bench run.
 */
import { type Client, Room, Server } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { type ActionFrame, CounterGame } from "./counter-game.ts";

const MAX_LIFETIME_MS = 15 * 60_000;

interface SeatData {
  seat: string;
}

class CounterRoom extends Room {
  private game = CounterGame.setup([]);

  override onCreate(options: { seats: string[] }) {
    this.patchRate = null;
    this.game = CounterGame.setup(options.seats);
    this.onMessage("__action", (client: Client, frame: ActionFrame) => {
      const { toSender, toOthers } = this.game.act((client.userData as SeatData).seat, frame);
      client.send(toSender.type, toSender);
      if (toOthers) this.broadcast(toOthers.type, toOthers, { except: client });
    });
  }

  override onJoin(client: Client, options: SeatData) {
    client.userData = { seat: options.seat } satisfies SeatData;
    client.send("__state", this.game.snapshot());
  }
}

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error("usage: colyseus-server.ts <port>");

const server = new Server({ transport: new WebSocketTransport(), greet: false });
server.define("counter", CounterRoom);
await server.listen(port, "127.0.0.1");
console.log("ready");

process.stdin.resume();
process.stdin.on("close", () => process.exit(0));
setTimeout(() => process.exit(0), MAX_LIFETIME_MS).unref();
