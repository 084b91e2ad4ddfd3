import { LOBBY_REQUEST } from "./frame-messages";
import { framingParent, ownLobbyLink, type PageLike } from "./ticket-renewal";

/**
 * How the page goes back to the lobby it came from, or null when it came from none. A game of the
 * platform's lobby carries `lobby`, the rooms' own lobby of its revision (ownLobbyLink; any other
 * link counts as none). The lobby shows its games in a frame: the page asks its parent. A page
 * of its own goes to that link without the seat it names, which would take the seat and open
 * the game again.
 */
export function lobbyReturn(params: URLSearchParams, page: PageLike | undefined): (() => void) | null {
  const lobby = params.get("lobby");
  if (!page || lobby === null) return null;
  const own = ownLobbyLink(lobby, page.location.href, params.get("revisionId"));
  if (own === null) return null;
  const parent = framingParent(page);
  if (parent) return () => parent.postMessage({ type: LOBBY_REQUEST }, "*");
  const target = new URL(own);
  target.searchParams.delete("seat");
  return () => page.location.assign(target.href);
}
