// The rooms app's seat calls as the lobby's pages make them (workers/rooms/routes/lobby-seats.ts,
// quick-play.ts): JSON with the user's ID token; a refusal is a ServiceError with its status and code.
import type { SeatAnswer } from "../../../src/room-access/seat-answer";

/** A seat the rooms app gave this user: its ticket and the game page on it. */
export type SeatTaken = SeatAnswer;

export type SeatState = "free" | "taken" | "yours";

/** A seat as the lobby's seat routes answer it. */
export interface SeatView {
  id: string;
  name: string;
  state: SeatState;
}

export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A call with the ID token; its JSON answer, or a ServiceError. */
export async function callService<Body>(url: string, idToken: string, init: RequestInit = {}): Promise<Body> {
  const response = await fetch(url, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${idToken}` },
  });
  const body = (await response.json().catch(() => ({}))) as Body & { error?: string; message?: string };
  if (!response.ok) {
    // No sentence of the rooms' own (a proxy's error page): the status, which reads the same in every language.
    throw new ServiceError(response.status, body.error, body.message || `HTTP ${response.status}`);
  }
  return body;
}

/** A room's seats: {lobbyUrl}{roomId}/seats. */
export function seatsUrlOf(lobbyUrl: string, roomId: string): string {
  return `${lobbyUrl}${encodeURIComponent(roomId)}/seats`;
}

/** Takes the seat (again, when it is already this user's; `spectator` for a monitor ticket). */
export function takeSeat(seatsUrl: string, idToken: string, key: string, seatId: string): Promise<SeatTaken> {
  return callService<SeatTaken>(`${seatsUrl}/${encodeURIComponent(seatId)}`, idToken, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
}

/** Who holds each seat of the room: free, taken (by someone else) or yours. */
export async function readSeats(seatsUrl: string, idToken: string, key: string): Promise<SeatView[]> {
  const { seats } = await callService<{ seats: SeatView[] }>(`${seatsUrl}?${new URLSearchParams({ key })}`, idToken);
  return seats;
}
