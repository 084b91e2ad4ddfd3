import { decodeJwt } from "jose";
import { RENEW_REQUEST, RENEWED } from "./frame-messages";

export { RENEW_REQUEST, RENEWED };

/**
 * Seat tickets run out (docs/rooms.md "Seat tickets": 10 minutes by default, an hour at most) and
 * the room checks them at every upgrade, so a reconnect or a reload on an old ticket is refused.
 * Before each socket the SDK reads the ticket's `exp` (reading only: the room verifies it) and,
 * once it has passed, asks whoever issued the ticket for a fresh one.
 */

/** Asks the ticket's issuer for a fresh ticket of the same seat. */
export type TicketRenewer = () => Promise<string>;

/** How long the host app has to answer. */
export const RENEW_TIMEOUT_MS = 10_000;

/** Whether the ticket's time is over at `now` (ms since the epoch); a ticket that cannot be read is left to the room. */
export function ticketExpired(ticket: string, now: number): boolean {
  try {
    const { exp } = decodeJwt(ticket);
    return typeof exp === "number" && exp * 1000 <= now;
  } catch {
    return false;
  }
}

/** What a lobby link may carry besides its path: the room, its key and the seat (workers/rooms/play/lobby-urls.ts). */
const LOBBY_PARAMS = new Set(["room", "key", "seat"]);

/**
 * The lobby link a game URL carries, if it is the rooms' own lobby of the revision the page plays:
 * the game page is served at {ROOMS_URL}/play/{revisionId}/…, so its lobby is
 * {ROOMS_URL}/lobby/{revisionId}/ on the page's own origin and base path, with at most the room,
 * its key and the seat in its query. Anything else (another origin, path, revision or parameter)
 * is null: the link is never a way off to another page.
 */
export function ownLobbyLink(lobby: string, pageUrl: string, revisionId: string | null): string | null {
  if (!revisionId) return null;
  let target: URL;
  let page: URL;
  try {
    target = new URL(lobby);
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  const revision = encodeURIComponent(revisionId);
  const at = page.pathname.indexOf(`/play/${revision}/`);
  if (at < 0 || !/^https?:$/.test(page.protocol)) return null;
  const ownLobby = `${page.pathname.slice(0, at)}/lobby/${revision}/`;
  if (target.origin !== page.origin || target.username !== "" || target.password !== "") return null;
  if (target.pathname !== ownLobby || target.hash !== "") return null;
  if ([...target.searchParams.keys()].some((name) => !LOBBY_PARAMS.has(name))) return null;
  return target.href;
}

/** The part of the page the default renewers use (tests pass their own). */
export interface PageLike {
  location: { readonly href: string; replace(url: string): void; assign(url: string): void };
  parent: unknown;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
}

/** The window framing the page, when there is one it can post to (a host app, the platform's lobby). */
export function framingParent(page: PageLike): { postMessage(message: unknown, target: string): void } | null {
  const parent = page.parent as { postMessage?(message: unknown, target: string): void } | undefined;
  if (!parent || parent === page || typeof parent.postMessage !== "function") return null;
  return parent as { postMessage(message: unknown, target: string): void };
}

/**
 * Where a fresh ticket comes from, by who gave the page its ticket:
 * - whoever frames the page: a host app (tickets from the backend's POST /rooms/tickets), or the
 *   lobby of a published game, which shows its games in a frame. The page asks its parent with
 *   `{type: "scenario.ticket.renew", roomId, seatId}` and takes the answer
 *   `{type: "scenario.ticket", ticket}` from that parent;
 * - a page of its own whose game URL carries `lobby`, the seat's own lobby link: the page goes
 *   back through that link, which signs the user in again and opens the game on a fresh ticket of
 *   the seat they hold. Only the rooms' own lobby of the page's revision is followed
 *   (ownLobbyLink); any other `lobby` fails the renewal with the reason.
 * None of these (a page opened on its own with a ticket): null, and the session reports the ticket expired.
 */
export function defaultRenewer(
  params: URLSearchParams,
  seat: { roomId: string; seatId: string },
  page: PageLike | undefined,
): TicketRenewer | null {
  if (!page) return null;
  const parent = framingParent(page);
  if (parent) return askParent(parent, seat, page);
  const lobby = params.get("lobby");
  if (lobby === null) return null;
  const own = ownLobbyLink(lobby, page.location.href, params.get("revisionId"));
  if (own === null) {
    // Not this game's lobby: never followed; the session ends as expired and says why.
    return () => Promise.reject(new Error(`the game URL's lobby link is not this game's lobby: ${lobby}`));
  }
  return () => {
    page.location.replace(own);
    // The page is leaving: nothing more to connect.
    return new Promise<string>(() => undefined);
  };
}

function askParent(
  parent: { postMessage(message: unknown, target: string): void },
  seat: { roomId: string; seatId: string },
  page: PageLike,
): TicketRenewer {
  return () =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        page.removeEventListener("message", answer);
        reject(new Error("the host app gave no fresh seat ticket"));
      }, RENEW_TIMEOUT_MS);
      function answer(event: MessageEvent) {
        const data = event.data as { type?: unknown; ticket?: unknown } | null;
        if (event.source !== parent || data?.type !== RENEWED || typeof data.ticket !== "string") return;
        clearTimeout(timer);
        page.removeEventListener("message", answer);
        resolve(data.ticket);
      }
      page.addEventListener("message", answer);
      parent.postMessage({ type: RENEW_REQUEST, ...seat }, "*");
    });
}
