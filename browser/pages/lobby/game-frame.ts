// The game in a frame of the lobby (workers/rooms/play/game-section.tsx). The lobby is the game's
// host: the page keeps the lobby's address (the play link, or a private room's link), so the seat
// ticket, which only the frame's URL carries (in its fragment), never sits in the address bar and
// a copied address seats nobody. The bar above the game says who you are in it, offers the link
// to send while a seat of the room is free, and leads back to the lobby; the game's own page asks
// this page for a fresh ticket, and to go back to the lobby, with postMessage (the SDK's
// frame-messages.ts).
import { fill, type LobbyScriptStrings } from "../../../src/lobby/lobby-strings";
import { seatLabel } from "../../../src/lobby/seat-label";
import { LOBBY_REQUEST, RENEW_REQUEST, RENEWED } from "../../sdk/frame-messages";
import { byId } from "../kit/page";
import type { SeatTaken, SeatView } from "./seat-service";

export interface GameToShow {
  seat: SeatTaken;
  /** What the address bar shows while the game plays: the game's play link, or the room's link. */
  address: string;
  /** The link the bar offers while a seat of the room is free. */
  shareUrl: string;
  /** A fresh ticket of the same seat, for a game whose ticket ran out. */
  renew(): Promise<string>;
  /** The room's seats (is one still free?), read while the game shows. */
  seats(): Promise<SeatView[]>;
  /** The player went back to the lobby: the game is closed, the lobby shows again. */
  left(): void;
  /** The page's texts (its config's), in its language. */
  strings: LobbyScriptStrings;
}

/** While the game shows, the room's seats are read again this often (the next player arrives meanwhile). */
const SEATS_REFRESH_MS = 5000;

const lobby = byId("lobby");
const section = byId("game");
const frame = byId("game-frame", HTMLIFrameElement);
const status = byId("game-status");
const share = byId("game-share");
const shareLink = byId("game-share-link", HTMLInputElement);
const back = byId("back-to-lobby", HTMLButtonElement);

let shown: { game: GameToShow; roomId: string | null; timer: ReturnType<typeof setInterval> | null } | null = null;

/** Replaces the lobby with the game on the seat's ticket. */
export function showGame(game: GameToShow): void {
  closeGame();
  history.replaceState(null, "", game.address);
  const watching = game.seat.role === "monitor";
  status.textContent = watching ? game.strings.watching : youAre(game, false);
  shareLink.value = game.shareUrl;
  share.querySelector<HTMLButtonElement>("button.copy")?.setAttribute("data-copy", game.shareUrl);
  share.hidden = true;
  lobby.hidden = true;
  section.hidden = false;
  document.body.classList.add("playing");
  frame.src = game.seat.gameUrl;
  const timer = watching ? null : setInterval(() => void showSeats(game), SEATS_REFRESH_MS);
  shown = { game, roomId: new URL(game.seat.gameUrl).searchParams.get("roomId"), timer };
  if (!watching) void showSeats(game);
}

/** Closes the game (its page, with its socket) and shows the lobby again. */
function closeGame(): void {
  if (!shown) return;
  if (shown.timer) clearInterval(shown.timer);
  shown = null;
  frame.src = "about:blank";
  section.hidden = true;
  lobby.hidden = false;
  document.body.classList.remove("playing");
}

function backToLobby(): void {
  const game = shown?.game;
  closeGame();
  game?.left();
}

/** "You are Player 1." in the page's language, and that the room waits for the next player. */
function youAre(game: GameToShow, waiting: boolean): string {
  const seat = seatLabel(game.strings, game.seat.seatId);
  return fill(waiting ? game.strings.youAreWaiting : game.strings.youAre, { seat });
}

/** "Waiting for the next player" and the link to send, while a seat of the room is free. */
async function showSeats(game: GameToShow): Promise<void> {
  if (document.visibilityState !== "visible") return;
  const seats = await game.seats().catch(() => null);
  if (!seats || shown?.game !== game) return;
  const waiting = seats.some((seat) => seat.state === "free");
  const text = youAre(game, waiting);
  // The same line again is not news: a screen reader hears it only when it changes.
  if (status.textContent !== text) status.textContent = text;
  share.hidden = !waiting;
}

back.addEventListener("click", backToLobby);
// Keys go to the game once it is there (a game played with arrow keys needs no click first).
frame.addEventListener("load", () => {
  if (shown) frame.focus();
});

// The game's page is in an opaque origin ("null"): its messages are known by their window, and
// answers go to that window with target "*" (no origin names it). The ticket is the page's own.
addEventListener("message", (event) => {
  if (!shown || event.source !== frame.contentWindow) return;
  const data = event.data as { type?: unknown; roomId?: unknown; seatId?: unknown } | null;
  if (data?.type === LOBBY_REQUEST) backToLobby();
  if (data?.type !== RENEW_REQUEST) return;
  const { game, roomId } = shown;
  // Only for the seat the frame shows: a page a link took the frame to (another site, in the same
  // sandbox, so also of origin "null") is not told the room or the seat, and gets nothing.
  if (data.roomId !== roomId || data.seatId !== game.seat.seatId) return;
  game
    .renew()
    .then((ticket) => {
      if (shown?.game === game) frame.contentWindow?.postMessage({ type: RENEWED, ticket }, "*");
    })
    // No answer: the game's SDK gives up after its wait and says the ticket expired.
    .catch(() => undefined);
});

/** Whether the game shows (the lobby's own refreshes wait meanwhile). */
export function gameShown(): boolean {
  return shown !== null;
}
