// The lobby of a published game's room (workers/rooms/routes/lobby.tsx): signs in through /login
// like any web client (the ID token stays in memory), shows who holds each seat of the room, and
// takes one: the rooms app claims it for this user and answers the game page with its seat
// ticket (workers/rooms/routes/lobby-seats.ts), which this page then shows in its frame
// (game-frame.ts) while the address bar keeps the room's link. The tab remembers its seat
// (sessionStorage, this tab only), so a reload takes it again; another browser never has it.
import { fill } from "../../../src/lobby/lobby-strings";
import { SPECTATOR_SEAT, seatLabel } from "../../../src/lobby/seat-label";
import { LOBBY_CONFIG_ID, type LobbyPageConfig } from "../../../src/page-configs/lobby";
import { byId, pageConfig } from "../kit/page";
import { signIn, signInAgain } from "../kit/signed-in";
import { copyButtons } from "./copy-buttons";
import { errorText, SignInFailed } from "./failure-text";
import { gameShown, showGame } from "./game-frame";
import { OneAtATime } from "./one-at-a-time";
import { readSeats, type SeatState, type SeatView, ServiceError, takeSeat } from "./seat-service";

const config = pageConfig<LobbyPageConfig>(LOBBY_CONFIG_ID);
/** The page's texts, in the language the server picked for it. */
const t = config.strings;
const status = byId("status");
const seatList = byId("seats");
const spectate = byId("spectate", HTMLButtonElement);
/** While the lobby shows, the seats are read again this often: others take seats meanwhile. */
const REFRESH_MS = 5000;
/** The seat this tab plays in the room, taken again when the page is reloaded. */
const TAB_SEAT_KEY = `lobby-seat:${config.roomId}`;
let idToken: string | null = null;

/** A line for the user; `error` marks a refusal (a seat taken meanwhile, a service error). */
const say = (text: string, kind: "info" | "error" = "info") => {
  status.textContent = text;
  status.dataset.kind = kind;
};

const token = () => idToken ?? "";

const LABELS: Record<SeatState, { state: string; button: string | null }> = {
  free: { state: t.seatState.free, button: t.takeSeat },
  taken: { state: t.seatState.taken, button: null },
  yours: { state: t.seatState.yours, button: t.play },
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
      button.setAttribute("aria-label", fill(t.seatAction, { action: label.button, seat: seatLabel(t, seat.id) }));
    }
  }
}

async function refresh(): Promise<SeatView[]> {
  const seats = await readSeats(config.seatsUrl, token(), config.key);
  render(seats);
  return seats;
}

/** A fresh ticket of a seat this user holds; an expired ID token signs the page in again. */
async function renew(seatId: string): Promise<string> {
  try {
    return (await takeSeat(config.seatsUrl, token(), config.key, seatId)).ticket;
  } catch (error) {
    if (error instanceof ServiceError && error.status === 401) signInAgain(config);
    throw error;
  }
}

/** Takes the seat (again, when it is already this user's) and shows the game on its ticket. */
async function take(seatId: string): Promise<void> {
  const seat = await takeSeat(config.seatsUrl, token(), config.key, seatId);
  sessionStorage.setItem(TAB_SEAT_KEY, seatId);
  say("");
  showGame({
    seat,
    address: config.address,
    shareUrl: config.shareUrl,
    strings: t,
    renew: () => renew(seatId),
    seats: () => readSeats(config.seatsUrl, token(), config.key),
    left: () => {
      sessionStorage.removeItem(TAB_SEAT_KEY);
      say(t.leftGame);
      refresh().catch(() => undefined);
    },
  });
}

const calls = new OneAtATime({
  signInAgain() {
    say(t.signingInAgain);
    signInAgain(config);
  },
  async failed(error) {
    say(errorText(t, error), "error");
    if (error instanceof ServiceError && error.code === "seat_taken") await refresh().catch(() => {});
  },
});
const run = (work: () => Promise<void>) => calls.run(work);

seatList.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button.take") : null;
  if (!button || button.disabled) return;
  const item = button.closest<HTMLElement>("[data-seat-id]");
  if (!item) return;
  const seatId = item.dataset.seatId ?? "";
  void run(async () => {
    say(fill(t.taking, { seat: seatLabel(t, seatId) }));
    await take(seatId);
  });
});

spectate.addEventListener("click", () =>
  run(async () => {
    say(t.openingAsSpectator);
    await take(SPECTATOR_SEAT);
  }),
);

copyButtons(say, t);

/** Opened from a seat's own link, or reloaded while this tab played: takes that seat, unless someone else holds it. */
async function takeSeatAgain(seats: SeatView[], seatId: string): Promise<void> {
  if (seatId === SPECTATOR_SEAT) {
    say(t.openingAsSpectator);
    return take(SPECTATOR_SEAT);
  }
  const seat = seats.find((s) => s.id === seatId);
  if (!seat) return;
  if (seat.state === "taken") {
    sessionStorage.removeItem(TAB_SEAT_KEY);
    say(fill(t.takenByOther, { seat: seatLabel(t, seat.id) }), "error");
    return;
  }
  say(fill(t.taking, { seat: seatLabel(t, seat.id) }));
  await take(seat.id);
}

void run(async () => {
  idToken = await signIn(config).catch(() => {
    throw new SignInFailed();
  });
  if (!idToken) return;
  const seats = await refresh();
  spectate.disabled = false;
  say("");
  const again = config.seat ?? sessionStorage.getItem(TAB_SEAT_KEY);
  if (again) await takeSeatAgain(seats, again);
  setInterval(() => {
    if (document.visibilityState === "visible" && !calls.busy && !gameShown()) refresh().catch(() => {});
  }, REFRESH_MS);
});
