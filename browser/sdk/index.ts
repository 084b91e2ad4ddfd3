/**
 * The game client SDK: a scenario's page calls startGame({ game }) and gets one session object,
 * solo in the browser or online against a room, decided by the page's URL parameters.
 */
import type { GameDefinition } from "../../src/engine/types";
import { type GameMode, ModeError, selectMode } from "./mode";
import type { SocketFactory } from "./online-connection";
import { OnlineSession } from "./online-session";
import type { GameSession } from "./session";
import { SoloSession } from "./solo-session";
import { defaultRenewer, type PageLike, type TicketRenewer } from "./ticket-renewal";

export type { GameDefinition, GameEvent, LogicContext, Presence, PresenceChange, Seat } from "../../src/engine/types";
export type { SessionEvents, StateReason } from "./events";
export { type GameMode, ModeError, selectMode } from "./mode";
export type { GameSession } from "./session";

export interface StartOptions {
  /** The scenario's game object (default export of its logic): runs the game in solo mode, predicts actions online. */
  game?: GameDefinition;
  /** URL parameters; the page's own by default. */
  params?: URLSearchParams | string;
  /** Opens a WebSocket; the browser's by default. */
  createSocket?: SocketFactory;
  /**
   * Gets a fresh seat ticket when the page's has run out (a reconnect after its expiry). By
   * default: the lobby link the game URL carries, else the host app framing the page
   * (ticket-renewal.ts), else none (the session reports "expired").
   */
  renewTicket?: TicketRenewer;
}

export function startGame(options: StartOptions = {}): GameSession {
  const mode = selectMode(pageParams(options.params));
  const now = () => performance.now();
  if (mode.kind === "solo") {
    if (!options.game) throw new ModeError("solo mode (no roomId) needs the game object: startGame({ game })");
    return new SoloSession(options.game, mode.seatId, mode.players, now);
  }
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const page = (globalThis as { window?: PageLike }).window;
  const renew =
    options.renewTicket ??
    defaultRenewer(pageParams(options.params), { roomId: mode.roomId, seatId: mode.seatId }, page);
  return new OnlineSession(mode, options.game ?? null, createSocket, now, undefined, { renew, wallClock: Date.now });
}

export function gameMode(params?: URLSearchParams | string): GameMode {
  return selectMode(pageParams(params));
}

function pageParams(params: URLSearchParams | string | undefined): URLSearchParams {
  if (params instanceof URLSearchParams) return params;
  if (typeof params === "string") return new URLSearchParams(params);
  const location = (globalThis as { location?: { search: string } }).location;
  return new URLSearchParams(location?.search ?? "");
}
