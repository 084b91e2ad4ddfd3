import { type ChannelEnd, type ChannelEvents, type ChannelUsage, takesCalls } from "../../src/engine/channel-runner";
import { CHANNEL_TICKET_HEADER } from "../../src/engine/logic-channel";
import { CHANNEL_LIMITS } from "./sandbox-settings";

/** The tag of a channel's socket among the room's hibernatable sockets. */
export const CHANNEL_TAG = "sandbox-channel";

/** What a channel's socket carries across hibernation: whose code it runs, and what it has carried. */
interface ChannelAttachment extends ChannelUsage {
  codeId: string;
}

interface Expected {
  codeId: string;
  openedAt: number;
  events: ChannelEvents;
  accepted(socket: WebSocket): void;
}

/**
 * Where the sandbox's channels arrive in the room. The room asks its isolate to connect (with a
 * ticket of one use); the isolate's upgrade comes back through the sandbox door
 * (sandbox-door.ts), and the room accepts it with the hibernation API (tag CHANNEL_TAG): an open
 * channel costs no duration and does not keep the room awake. Its frames and close reach the
 * room's socket handlers, which hand them here. After the room hibernated, a new instance takes
 * over the channel its earlier one opened, when it runs the same code and is within its limits.
 */
export class ChannelDock {
  private readonly expected = new Map<string, Expected>();
  private readonly docked = new Map<WebSocket, ChannelEvents>();
  /** Channels an earlier instance of the room accepted (before it hibernated), looked up once. */
  private earlier: Set<WebSocket> | null = null;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly now: () => number,
  ) {}

  /** A channel of `codeId` is about to be asked for: its ticket, and the socket once the room accepted it. */
  expect(codeId: string, events: ChannelEvents): { ticket: string; socket: Promise<WebSocket> } {
    const ticket = crypto.randomUUID();
    const openedAt = this.now();
    const socket = new Promise<WebSocket>((accepted) =>
      this.expected.set(ticket, { codeId, openedAt, events, accepted }),
    );
    return { ticket, socket };
  }

  /** Forgets a ticket whose channel never came. */
  forget(ticket: string): void {
    this.expected.delete(ticket);
  }

  /** The isolate's upgrade, when it carries a ticket the room is waiting for; null for anything else. */
  accept(request: Request): Response | null {
    const ticket = request.headers.get(CHANNEL_TICKET_HEADER);
    const expected = ticket === null ? undefined : this.expected.get(ticket);
    if (!ticket || !expected || request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return null;
    this.expected.delete(ticket);
    const { 0: sandbox, 1: room } = new WebSocketPair();
    this.ctx.acceptWebSocket(room, [CHANNEL_TAG]);
    const attachment: ChannelAttachment = {
      codeId: expected.codeId,
      openedAt: expected.openedAt,
      calls: 0,
      spentMs: 0,
    };
    room.serializeAttachment(attachment);
    this.docked.set(room, expected.events);
    expected.accepted(room);
    return new Response(null, { status: 101, webSocket: sandbox });
  }

  /**
   * The channel of `codeId` an earlier instance left open, within its lifetime and limits, now
   * carrying `events`; null when there is none. Any other channel it left is closed.
   */
  takeOver(codeId: string, events: ChannelEvents): ChannelEnd | null {
    let taken: ChannelEnd | null = null;
    for (const ws of this.earlierChannels()) {
      if (this.docked.has(ws)) continue;
      const carried = ws.deserializeAttachment() as ChannelAttachment | null;
      const usable = carried?.codeId === codeId && takesCalls(carried, CHANNEL_LIMITS, this.now());
      if (!taken && usable && ws.readyState === WebSocket.OPEN) {
        this.docked.set(ws, events);
        const { openedAt, calls, spentMs } = carried;
        taken = { ...this.endOf(ws, codeId), carried: { openedAt, calls, spentMs } };
      } else {
        this.close(ws, "a channel of an earlier instance");
      }
    }
    return taken;
  }

  /** The room's end of an accepted channel. */
  endOf(ws: WebSocket, codeId: string): ChannelEnd {
    return {
      send: (text) => ws.send(text),
      close: () => this.close(ws, "closed by the room"),
      note: (usage) => ws.serializeAttachment({ codeId, ...usage } satisfies ChannelAttachment),
    };
  }

  /** Whether a socket of the room is a channel into the sandbox. */
  holds(ws: WebSocket): boolean {
    return this.docked.has(ws) || this.earlierChannels().has(ws);
  }

  message(ws: WebSocket, message: string | ArrayBuffer): void {
    const events = this.docked.get(ws);
    if (!events) this.close(ws, "a channel no runner carries");
    else if (typeof message === "string") events.message(message);
    else events.closed("a binary message");
  }

  closed(ws: WebSocket, why: string): void {
    const events = this.docked.get(ws);
    this.forgetSocket(ws);
    events?.closed(why);
  }

  close(ws: WebSocket, why: string): void {
    this.forgetSocket(ws);
    try {
      ws.close(1000, why);
    } catch {
      // already closed
    }
  }

  private earlierChannels(): Set<WebSocket> {
    this.earlier ??= new Set(this.ctx.getWebSockets(CHANNEL_TAG));
    return this.earlier;
  }

  private forgetSocket(ws: WebSocket) {
    this.docked.delete(ws);
    this.earlier?.delete(ws);
  }
}
