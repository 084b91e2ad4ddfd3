/**
 * The game client SDK: a scenario's page calls startGame({ game }) and gets one session object,
 * solo in the browser or online against a room, decided by the page's URL parameters.
 */
import type { GameDefinition } from "../../src/engine/types";
import { lobbyReturn } from "./lobby-return";
import { type GameMode, ModeError, selectMode } from "./mode";
import type { SocketFactory } from "./online-connection";
import { OnlineSession } from "./online-session";
import type { GameSession } from "./session";
import { SoloSession } from "./solo-session";
import { defaultRenewer, type PageLike, type TicketRenewer } from "./ticket-renewal";

export type {
  ActionName,
  ActionsOf,
  EventOf,
  EventsOf,
  GameDefinition,
  GameEvent,
  InputOf,
  LogicContext,
  PayloadArgs,
  Presence,
  PresenceChange,
  Seat,
  StateOf,
} from "../../src/engine/types";
export type { SessionEvents, StateReason } from "./events";
export { type GameMode, ModeError, selectMode } from "./mode";
export type { GameSession } from "./session";

export interface StartOptions<G extends GameDefinition = GameDefinition> {
  /**
   * The scenario's game object (default export of its logic): runs the game in solo mode, predicts
   * actions online. A game made with defineGame types the session (GameSession<typeof game>).
   */
  game?: G;
  /** URL parameters; the page's own by default. */
  params?: URLSearchParams | string;
  /** Opens a WebSocket; the browser's by default. */
  createSocket?: SocketFactory;
  /**
   * Gets a fresh seat ticket when the page's has run out (a reconnect after its expiry). By
   * default: whoever frames the page (a host app, the platform's lobby), else the lobby link the
   * game URL carries (ticket-renewal.ts), else none (the session reports "expired").
   */
  renewTicket?: TicketRenewer;
}

/** The session of a game made with defineGame is typed by it: GameSession<typeof game>. */
export function startGame<G extends GameDefinition = GameDefinition>(options?: StartOptions<G>): GameSession<G>;
export function startGame(options: StartOptions = {}): GameSession {
  const params = pageParams(options.params);
  const mode = selectMode(params);
  const now = () => performance.now();
  if (mode.kind === "solo") {
    if (!options.game) throw new ModeError("solo mode (no roomId) needs the game object: startGame({ game })");
    return new SoloSession(options.game, mode.seatId, mode.players, now);
  }
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const page = (globalThis as { window?: PageLike }).window;
  const renew = options.renewTicket ?? defaultRenewer(params, { roomId: mode.roomId, seatId: mode.seatId }, page);
  const toLobby = lobbyReturn(params, page);
  return new OnlineSession(mode, options.game ?? null, createSocket, now, undefined, {
    renew,
    wallClock: Date.now,
    toLobby,
    ticketFromIssuer: mode.ticket === null && toLobby !== null,
  });
}

export function gameMode(params?: URLSearchParams | string): GameMode {
  return selectMode(pageParams(params));
}

/**
 * The parameters given, or the page's own: its query, and a seat ticket in its fragment
 * (`#ticket=…`, where the platform's lobby puts it: a fragment never travels in a request).
 */
function pageParams(params: URLSearchParams | string | undefined): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  if (typeof params === "string") return new URLSearchParams(params);
  const location = (globalThis as { location?: { search: string } }).location;
  const own = new URLSearchParams(location?.search ?? "");
  const ticket = ticketOfFragment();
  if (ticket) own.set("ticket", ticket);
  return own;
}

/** Read once per page: the fragment is then taken out of the address, so a copied URL carries no ticket. */
let fragmentTicket: string | null | undefined;

function ticketOfFragment(): string | null {
  if (fragmentTicket !== undefined) return fragmentTicket;
  const page = globalThis as { location?: { hash: string; pathname: string; search: string }; history?: History };
  fragmentTicket = new URLSearchParams(page.location?.hash.slice(1) ?? "").get("ticket") || null;
  if (fragmentTicket && page.location && page.history) {
    try {
      page.history.replaceState(page.history.state, "", page.location.pathname + page.location.search);
    } catch {
      // A document that may not rewrite its URL keeps the fragment; the ticket was read all the same.
    }
  }
  return fragmentTicket;
}
