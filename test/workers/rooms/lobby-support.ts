import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "../../../platform";
import { lobbyRoomKey } from "../../../workers/rooms/play/lobby-room-key";
import { ROOMS, socketUrl, TestClient } from "./support";

/** The files of a published game: a page is all the lobby needs. */
export const FILES = {
  "index.html": "<!doctype html><html><head><title>t</title></head><body></body></html>",
};
/** The roster the lobby gives a 3-player game. */
export const ROSTER = [
  { id: "p1", name: "Player 1" },
  { id: "p2", name: "Player 2" },
  { id: "p3", name: "Player 3" },
];

/** The platform as stg and prd run it: a seat needs a ticket. */
export const requiredEnv = { ...env, ROOM_TICKETS: "required" } as Env;
/** A bare dev setup: no ticket secret at all. */
export const bareEnv = { ...env, ROOM_TICKET_SECRET: undefined } as unknown as Env;

export async function fetchIn(bindings: Env, url: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, { redirect: "manual", ...init }), bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
export const fetchRequired = (url: string, init?: RequestInit) => fetchIn(requiredEnv, url, init);

export interface LobbyConfig {
  loginUrl: string;
  seatsUrl: string;
  key: string;
  idpApiUrl: string;
  seat: string | null;
}

/** The browser config of a lobby page. */
export function configOf(html: string): LobbyConfig {
  return JSON.parse(/id="lobby-config">(.*?)<\/script>/s.exec(html)?.[1] ?? "null") as LobbyConfig;
}

/** A fresh private room's lobby page (tickets required): its URL, room id, page and browser config. */
export async function newLobby(revisionId: string) {
  const first = await fetchRequired(`${ROOMS}/lobby/${revisionId}/?private=1`);
  expect(first.status).toBe(302);
  const lobbyUrl = first.headers.get("location") as string;
  const res = await fetchRequired(lobbyUrl);
  expect(res.status).toBe(200);
  const html = await res.text();
  const config = configOf(html);
  const roomId = new URL(lobbyUrl).searchParams.get("room") as string;
  return { lobbyUrl, roomId, res, html, config };
}

export type Lobby = Awaited<ReturnType<typeof newLobby>>;

/** What the seat calls need of a lobby room: its seats URL and key. */
export interface SeatsOf {
  config: Pick<LobbyConfig, "seatsUrl" | "key">;
}

/** The seat calls of room `roomId` under the key the lobby gives that id (which it may not have made). */
export async function keyedRoom(revisionId: string, roomId: string): Promise<SeatsOf> {
  const key = await lobbyRoomKey(env.ROOM_TICKET_SECRET, revisionId, roomId);
  return { config: { seatsUrl: `${ROOMS}/lobby/${revisionId}/${roomId}/seats`, key } };
}

export function take(
  lobby: SeatsOf,
  seatId: string,
  idToken: string | null,
  key = lobby.config.key,
): Promise<Response> {
  return fetchRequired(`${lobby.config.seatsUrl}/${seatId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ key }),
  });
}

export async function seatsFor(lobby: SeatsOf, idToken: string): Promise<{ id: string; state: string }[]> {
  const res = await fetchRequired(`${lobby.config.seatsUrl}?key=${encodeURIComponent(lobby.config.key)}`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { seats: { id: string; state: string }[] }).seats;
}

export interface Taken {
  seatId: string;
  name: string;
  role: string;
  ticket: string;
  expiresIn: number;
  gameUrl: string;
}

/** Opens the socket the game page of `gameUrl` opens, as a sandboxed page does (Origin: null). */
export async function join(gameUrl: string): Promise<TestClient> {
  const res = await upgradeFor(gameUrl);
  expect(res.status).toBe(101);
  (res.webSocket as WebSocket).accept();
  return new TestClient(res.webSocket as WebSocket);
}

/** The answer to the upgrade the game page of `gameUrl` asks for (101, or the room's refusal). */
export function upgradeFor(gameUrl: string): Promise<Response> {
  const page = new URL(gameUrl);
  const query: Record<string, string> = {};
  for (const name of ["seatId", "nickname", "monitor"]) {
    const value = page.searchParams.get(name);
    if (value !== null) query[name] = value;
  }
  // The ticket rides in the fragment, as the SDK reads it.
  const ticket = new URLSearchParams(page.hash.slice(1)).get("ticket");
  if (ticket !== null) query.ticket = ticket;
  const revisionId = page.searchParams.get("revisionId") as string;
  const roomId = page.searchParams.get("roomId") as string;
  return fetchRequired(socketUrl(revisionId, roomId, query), { headers: { Upgrade: "websocket", Origin: "null" } });
}
