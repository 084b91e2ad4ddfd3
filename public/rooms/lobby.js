// The lobby of a published game (workers/rooms/routes/lobby.tsx): signs in through /login like
// any web client (the ID token stays in memory), shows who holds each seat of the room, and takes
// one: the rooms app claims it for this user and answers the game page with its seat ticket
// (workers/rooms/routes/lobby-seats.ts), which this tab then opens.
import { signIn, signInAgain } from "./signed-in-page.js";

const config = JSON.parse(document.getElementById("lobby-config").textContent);
const status = document.getElementById("status");
const seatList = document.getElementById("seats");
const spectate = document.getElementById("spectate");
const share = document.getElementById("share");
/** While the page is visible, the seats are read again this often: others take seats meanwhile. */
const REFRESH_MS = 5000;
let idToken = null;
let busy = false;

/** A line for the user; `error` marks a refusal (a seat taken meanwhile, a service error). */
const say = (text, kind = "info") => {
  status.textContent = text;
  status.dataset.kind = kind;
};

class ServiceError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(path, init = {}) {
  const response = await fetch(config.seatsUrl + path, {
    ...init,
    headers: { ...(init.headers || {}), authorization: `Bearer ${idToken}` },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw new ServiceError(response.status, body.error, body.message || `The rooms answered ${response.status}.`);
  }
  return body;
}

const LABELS = {
  free: { state: "free", button: "Take seat" },
  taken: { state: "taken", button: null },
  yours: { state: "your seat", button: "Play" },
};

function render(seats) {
  for (const seat of seats) {
    const item = seatList.querySelector(`[data-seat-id="${CSS.escape(seat.id)}"]`);
    if (!item) continue;
    const label = LABELS[seat.state];
    item.dataset.state = seat.state;
    item.querySelector(".seat-state").textContent = label.state;
    // A taken seat offers nothing to do (not even its link); the row says whose it is not.
    item.querySelector(".seat-link").hidden = seat.state === "taken";
    const button = item.querySelector("button.take");
    button.hidden = label.button === null;
    button.disabled = label.button === null;
    if (label.button) {
      button.textContent = label.button;
      button.setAttribute("aria-label", `${label.button}: ${seat.name}`);
    }
  }
}

async function refresh() {
  const { seats } = await call(`?${new URLSearchParams({ key: config.key })}`);
  render(seats);
  return seats;
}

/** Takes the seat (again, when it is already this user's) and opens the game on its ticket. */
async function take(seatId) {
  const answer = await call(`/${encodeURIComponent(seatId)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key: config.key }),
  });
  location.assign(answer.gameUrl);
}

async function run(work) {
  if (busy) return;
  busy = true;
  try {
    await work();
  } catch (error) {
    if (error.status === 401) {
      // The ID token expired (they live an hour): the SSO session signs the page in again.
      say("Signing in again…");
      signInAgain(config);
      return;
    }
    say(error.message, "error");
    if (error.code === "seat_taken") await refresh().catch(() => {});
  } finally {
    busy = false;
  }
}

seatList.addEventListener("click", (event) => {
  const button = event.target.closest("button.take");
  if (!button || button.disabled) return;
  const item = button.closest("[data-seat-id]");
  const name = item.querySelector(".seat-name").textContent;
  run(async () => {
    say(`Taking ${name}…`);
    await take(item.dataset.seatId);
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
  const button = event.target.closest("button.copy");
  if (!button) return;
  const link = button.dataset.copy;
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
async function takeLinkedSeat(seats) {
  if (config.seat === "spectator") {
    say("Opening the game as a spectator…");
    return take("spectator");
  }
  const seat = seats.find((s) => s.id === config.seat);
  if (!seat) return;
  if (seat.state === "taken") {
    say(`${seat.name} is taken by another player: take a free seat.`, "error");
    return;
  }
  say(`Taking ${seat.name}…`);
  await take(seat.id);
}

run(async () => {
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
