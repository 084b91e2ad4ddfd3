/**
 * What the rooms app answers when a seat is taken in the lobby or by quick play
 * (workers/rooms/play/lobby-seat-tickets.ts), and what the lobby's pages read
 * (browser/pages/lobby/seat-service.ts): the ticket and the game page on it.
 */
export interface SeatAnswer {
  seatId: string;
  /** The seat's name for people ("Player 1"; "Spectator"), which its ticket carries as the display name; the lobby's pages name it in their own language. */
  name: string;
  role: "player" | "monitor";
  ticket: string;
  expiresIn: number;
  /** The game page with the seat's parameters and its ticket in the fragment. */
  gameUrl: string;
}
