// The lobby of a published game (workers/rooms/routes/lobby.tsx): signs in through /login like
// any web client (the ID token stays in memory), shows who holds each seat of the room, and takes
// one: the rooms app claims it for this user and answers the game page with its seat ticket
// (workers/rooms/routes/lobby-seats.ts), which this tab then opens.
import { LOBBY_CONFIG_ID, type LobbyPageConfig } from "../../../src/page-configs/lobby";
import { byId, messageOf, pageConfig } from "../kit/page";
import { signIn, signInAgain } from "../kit/signed-in";

type SeatState = "free" | "taken" | "yours";

/** A seat as the lobby's seat routes answer it. */
interface SeatView {
  id: string;
  name: string;
  state: SeatState;
}

const config = pageConfig<LobbyPageConfig>(LOBBY_CONFIG_ID);
const status = byId("status");
const seatList = byId("seats");
const spectate = byId("spectate", HTMLButtonElement);
const share = byId("share", HTMLInputElement);
/** While the page is visible, the seats are read again this often: others take seats meanwhile. */
const REFRESH_MS = 5000;
let idToken: string | null = null;
let busy = false;

/** A line for the user; `error` marks a refusal (a seat taken meanwhile, a service error). */
const say = (text: string, kind: "info" | "error" = "info") => {
  status.textContent = text;
  status.dataset.kind = kind;
};

class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

async function call<Body>(path: string, init: RequestInit = {}): Promise<Body> {
  const response = await fetch(config.seatsUrl + path, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${idToken}` },
  });
  const body = (await response.json().catch(() => ({}))) as Body & { error?: string; message?: string };
  if (!response.ok) {
    throw new ServiceError(response.status, body.error, body.message || `The rooms answered ${response.status}.`);
  }
  return body;
}

const LABELS: Record<SeatState, { state: string; button: string | null }> = {
  free: { state: "free", button: "Take seat" },
  taken: { state: "taken", button: null },
  yours: { state: "your seat", button: "Play" },
};

function render(seats: SeatView[]): void {
  for (const seat of seats) {
    const item = seatList.querySelector<HTMLElement>(`[data-seat-id="${CSS.escape(seat.id)}"]`);
    if (!item) continue;
    const label = LABELS[seat.state];
    item.dataset.state = seat.state;
    const state = item.querySelector(".seat-state");
    if (state) state.textContent = label.state;
    // A taken seat offers nothing to do (not even its link); the row says whose it is not.
    const link = item.querySelector<HTMLElement>(".seat-link");
    if (link) link.hidden = seat.state === "taken";
    const button = item.querySelector<HTMLButtonElement>("button.take");
    if (!button) continue;
    button.hidden = label.button === null;
    button.disabled = label.button === null;
    if (label.button) {
      button.textContent = label.button;
      button.setAttribute("aria-label", `${label.button}: ${seat.name}`);
    }
  }
}

async function refresh(): Promise<SeatView[]> {
  const { seats } = await call<{ seats: SeatView[] }>(`?${new URLSearchParams({ key: config.key })}`);
  render(seats);
  return seats;
}

/**
 * Takes the seat (again, when it is already this user's) and opens the game on its ticket. A seat
 * taken by the page's own link replaces the page in the tab's history: Back from the game then
 * leaves, instead of landing here and being sent to the game again.
 */
async function take(seatId: string, opened: "by-click" | "by-link" = "by-click"): Promise<void> {
  const answer = await call<{ gameUrl: string }>(`/${encodeURIComponent(seatId)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key: config.key }),
  });
  if (opened === "by-link") location.replace(answer.gameUrl);
  else location.assign(answer.gameUrl);
}

async function run(work: () => Promise<void>): Promise<void> {
  if (busy) return;
  busy = true;
  try {
    await work();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) {
      // The ID token expired (they live an hour): the SSO session signs the page in again.
      say("Signing in again…");
      signInAgain(config);
      return;
    }
    say(messageOf(error), "error");
    if (error instanceof ServiceError && error.code === "seat_taken") await refresh().catch(() => {});
  } finally {
    busy = false;
  }
}

/** The element an event happened in, as `selector` finds it from there. */
function closest<Kind extends Element>(event: Event, selector: string): Kind | null {
  return event.target instanceof Element ? event.target.closest<Kind>(selector) : null;
}

seatList.addEventListener("click", (event) => {
  const button = closest<HTMLButtonElement>(event, "button.take");
  if (!button || button.disabled) return;
  const item = button.closest<HTMLElement>("[data-seat-id]");
  if (!item) return;
  const name = item.querySelector(".seat-name")?.textContent ?? "";
  void run(async () => {
    say(`Taking ${name}…`);
    await take(item.dataset.seatId ?? "");
  });
});

spectate.addEventListener("click", () =>
  run(async () => {
    say("Opening the game as a spectator…");
    await take("spectator");
  }),
);

// Copy buttons: the room's link, each seat's own link, the spectator link.
document.addEventListener("click", async (event) => {
  const button = closest<HTMLButtonElement>(event, "button.copy");
  if (!button) return;
  const link = button.dataset.copy ?? "";
  try {
    await navigator.clipboard.writeText(link);
    say("Link copied.");
  } catch {
    // No clipboard (an insecure origin, a refused permission): select the link to copy by hand.
    share.value = link;
    share.select();
    say("Copy the selected link.");
  }
});

/** Opened from a seat's own link: takes that seat, unless someone else holds it. */
async function takeLinkedSeat(seats: SeatView[]): Promise<void> {
  if (config.seat === "spectator") {
    say("Opening the game as a spectator…");
    return take("spectator", "by-link");
  }
  const seat = seats.find((s) => s.id === config.seat);
  if (!seat) return;
  if (seat.state === "taken") {
    say(`${seat.name} is taken by another player: take a free seat.`, "error");
    return;
  }
  say(`Taking ${seat.name}…`);
  await take(seat.id, "by-link");
}

void run(async () => {
  idToken = await signIn(config);
  if (!idToken) return;
  const seats = await refresh();
  spectate.disabled = false;
  say("");
  if (config.seat) await takeLinkedSeat(seats);
  setInterval(() => {
    if (document.visibilityState === "visible" && !busy) refresh().catch(() => {});
  }, REFRESH_MS);
});
