import type { GameDefinition } from "../../src/engine/types";
import { InputThrottle } from "./input-throttle";
import { type GameMode, newClientId, socketUrl } from "./mode";
import { OnlineConnection, type SocketFactory } from "./online-connection";
import { type TicketRenewer, ticketExpired } from "./ticket-renewal";
import { ViewSession } from "./view-session";

type OnlineMode = Extract<GameMode, { kind: "online" }>;

/** What the page around the session offers: who renews its ticket, the wall clock, the way back to its lobby. */
export interface PageHooks {
  renew: TicketRenewer | null;
  wallClock: () => number;
  toLobby?: (() => void) | null;
  /**
   * The page has no ticket of its own but came from a lobby, which gives one (a lobby's game
   * reloaded in its frame: the fragment that carried the ticket is gone): the issuer is asked first.
   */
  ticketFromIssuer?: boolean;
}

/** A game against a room server over one WebSocket (the same protocol in production and dev). */
export class OnlineSession extends ViewSession {
  readonly mode = "online";
  private readonly connection: OnlineConnection;
  private readonly inputs: InputThrottle;
  private seq = 0;

  private ticket: string | null;

  constructor(
    mode: OnlineMode,
    game: GameDefinition | null,
    createSocket: SocketFactory,
    now: () => number,
    random?: () => number,
    page: PageHooks = { renew: null, wallClock: Date.now },
  ) {
    super(game, { seatId: mode.seatId, seatKind: mode.seatKind, monitor: mode.monitor, toLobby: page.toLobby }, now);
    this.ticket = mode.ticket;
    this.inputs = new InputThrottle((data) => this.connection.send({ type: "__input", data }), now);
    // Each socket takes the newest ticket; one whose time is over is renewed first (ticket-renewal.ts).
    // One client id for every socket of this session: the room tells it which of its actions it holds.
    const clientId = newClientId();
    const nextUrl = () => {
      const { ticket } = this;
      const wanted = ticket ? ticketExpired(ticket, page.wallClock()) : page.ticketFromIssuer === true;
      if (!wanted) return socketUrl({ ...mode, ticket }, clientId);
      if (!page.renew) return Promise.reject(new Error("the seat ticket expired"));
      return page.renew().then((fresh) => {
        this.ticket = fresh;
        return socketUrl({ ...mode, ticket: fresh }, clientId);
      });
    };
    this.connection = new OnlineConnection(
      nextUrl,
      createSocket,
      {
        frame: (frame) => this.view.receive(frame),
        status: (status, attempt, reason) => {
          // Actions sent on a lost socket may or may not have run (or have been lost with a restart of
          // the room): the __state of the next socket says which, and the others are reported lost.
          if (status === "closed") this.view.dropPending();
          this.emitter.emit("connection", reason === undefined ? { status, attempt } : { status, attempt, reason });
        },
      },
      random,
    );
    queueMicrotask(() => this.connection.open());
  }

  act(action: string, payload: Record<string, unknown> = {}): number {
    const seq = ++this.seq;
    if (!this.connection.send({ type: "__action", action, payload, seq })) {
      this.emitter.emit("actionError", { code: "offline", error: "Not connected to the room", seq, action });
      return seq;
    }
    this.view.predict(seq, action, payload);
    return seq;
  }

  input(data: Record<string, unknown>): void {
    this.inputs.push(data);
  }

  pause(): void {
    this.connection.send({ type: "__platform", message: { type: "pause.request" } });
  }

  resume(): void {
    this.connection.send({ type: "__platform", message: { type: "pause.resume" } });
  }

  close(): void {
    this.inputs.cancel();
    this.connection.close();
  }
}
