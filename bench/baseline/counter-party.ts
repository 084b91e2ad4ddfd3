import { type Connection, type ConnectionContext, Server, type WSMessage } from "partyserver";
import { type ActionFrame, CounterGame } from "../peers/counter-game.ts";
import type { CounterState } from "../peers/counter-reducer.js";

const WRITE_BATCH_MS = 500;

interface Seat {
  seat: string;
}

/**
 * The rooms bench's partyserver peer: what a Workers developer builds without us, a partyserver
 * `Server` running the counter fixture's reducer in-process. It speaks the subset of the room
 * protocol the bench uses (`__state` on connect, `__action` answered by `__action_result` or
 * `__action_error`), hibernates like our rooms, and so keeps the state in storage: read when the
 * object starts, written at most WRITE_BATCH_MS after an action, from an alarm, as our rooms batch
 * theirs. (A write after every action, the obvious way, holds every answer behind its commit: about
 * a third of the throughput, docs/decisions/0082-rooms-bench-peers-partyserver-and-colyseus.md.)
 */
export class CounterParty extends Server {
  static override options = { hibernate: true };
  private game: CounterGame | null = null;
  private writeReserved = false;
  /** When the runtime made this instance (a new one after it hibernated the object), and its alarms. */
  private readonly startedAt = Date.now();
  private alarms = 0;

  override onStart() {
    const stored = this.ctx.storage.kv.get<CounterState>("state");
    if (stored !== undefined) this.game = new CounterGame(stored);
  }

  override onConnect(connection: Connection<Seat>, { request }: ConnectionContext) {
    const query = new URL(request.url).searchParams;
    const seat = query.get("seatId") ?? connection.id;
    if (!this.game) {
      this.game = CounterGame.setup(JSON.parse(query.get("players") ?? "[]") as string[]);
      this.ctx.storage.kv.put("state", this.game.state);
    }
    connection.setState({ seat });
    connection.send(JSON.stringify(this.game.snapshot()));
  }

  override onMessage(connection: Connection<Seat>, message: WSMessage) {
    const frame = JSON.parse(String(message)) as ActionFrame & { type?: string };
    if (frame.type !== "__action" || !this.game) return;
    const { toSender, toOthers } = this.game.act(connection.state?.seat ?? connection.id, frame);
    connection.send(JSON.stringify(toSender));
    if (!toOthers) return;
    this.broadcast(JSON.stringify(toOthers), [connection.id]);
    if (!this.writeReserved) {
      this.writeReserved = true;
      void this.ctx.storage.setAlarm(Date.now() + WRITE_BATCH_MS);
    }
  }

  /** The bench's look at the object (GET on the room's address): as the rooms' dev stats. */
  override onRequest(): Response {
    return Response.json({ instanceStartedAt: this.startedAt, alarmsFired: this.alarms });
  }

  override onAlarm() {
    this.alarms++;
    this.writeReserved = false;
    if (this.game) this.ctx.storage.kv.put("state", this.game.state);
  }
}
