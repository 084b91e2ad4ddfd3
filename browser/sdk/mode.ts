import type { Seat } from "../../src/engine/types";

/** Where a game runs, decided by the page's URL parameters (document 3, "SDK mode selection"). */
export type GameMode =
  | { kind: "solo"; seatId: string; players: Seat[] }
  | {
      kind: "online";
      /** Base URL of the rooms service, e.g. http://127.0.0.1:8810/rooms. */
      server: string;
      roomId: string;
      revisionId: string;
      seatId: string;
      nickname: string;
      /** Roster the host app declared; the server decides on the first connection. */
      players: Seat[] | null;
      monitor: boolean;
      /** Seat kind (player, spectator, admin) the host app passes to the client only; never sent to the room. */
      seatKind: string | null;
      /** Signed seat ticket the host app obtained (docs/rooms.md "Seat tickets"); passed on to the room. */
      ticket: string | null;
    };

export class ModeError extends Error {
  override name = "ModeError";
}

const SOLO_SEAT = "player";

/**
 * roomId absent: solo. roomId and server: online. roomId without server: thrown error.
 * Online mode also needs revisionId and seatId; their absence is an error naming the parameter.
 */
export function selectMode(params: URLSearchParams): GameMode {
  const roomId = params.get("roomId");
  const seatId = params.get("seatId") || null;
  const players = parsePlayers(params.get("players"));
  if (!roomId) {
    const seat = seatId ?? players?.[0]?.id ?? SOLO_SEAT;
    return { kind: "solo", seatId: seat, players: players ?? [{ id: seat }] };
  }
  const server = params.get("server");
  if (!server) throw new ModeError("roomId is set but server is missing: online mode needs both roomId and server");
  const revisionId = params.get("revisionId");
  if (!revisionId) throw new ModeError("roomId and server are set but revisionId is missing");
  if (!seatId) throw new ModeError("roomId and server are set but seatId is missing");
  return {
    kind: "online",
    server: server.replace(/\/+$/, ""),
    roomId,
    revisionId,
    seatId,
    nickname: params.get("nickname") ?? "",
    players,
    monitor: params.get("monitor") === "1",
    seatKind: params.get("seatKind") || null,
    ticket: params.get("ticket") || null,
  };
}

/**
 * The WebSocket URL of a room: ws(s)://<server>/ws/games/{revisionId}/{roomId}?seatId=...; `clientId`
 * (the session's own id, the same on every reconnect) lets the room say which of its actions it holds.
 */
export function socketUrl(mode: Extract<GameMode, { kind: "online" }>, clientId?: string): string {
  const url = new URL(
    `${mode.server}/ws/games/${encodeURIComponent(mode.revisionId)}/${encodeURIComponent(mode.roomId)}`,
  );
  url.protocol = url.protocol === "https:" ? "wss:" : url.protocol === "http:" ? "ws:" : url.protocol;
  url.searchParams.set("seatId", mode.seatId);
  if (mode.nickname) url.searchParams.set("nickname", mode.nickname);
  if (mode.monitor) url.searchParams.set("monitor", "1");
  if (mode.players) url.searchParams.set("players", JSON.stringify(mode.players));
  if (mode.ticket) url.searchParams.set("ticket", mode.ticket);
  if (clientId) url.searchParams.set("client", clientId);
  return url.toString();
}

/** `players`: a JSON list of seat ids or {id, role?, name?}. The server validates it again. */
function parsePlayers(raw: string | null): Seat[] | null {
  if (raw === null || raw === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ModeError("players must be a JSON list of seats");
  }
  if (!Array.isArray(value)) throw new ModeError("players must be a JSON list of seats");
  return value.map((entry) => {
    const seat = typeof entry === "string" ? { id: entry } : entry;
    if (!seat || typeof seat !== "object" || typeof seat.id !== "string" || seat.id === "") {
      throw new ModeError("players: every seat needs an id");
    }
    return seat as Seat;
  });
}

/** A new client id: 22 random URL-safe characters (about 128 bits). */
export function newClientId(random: () => number = Math.random): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const bytes = new Uint8Array(22);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
  return Array.from(bytes, (byte) => alphabet[byte & 63]).join("");
}
