// The page of the game: it renders the session's state and turns clicks into actions.
// `/sdk.js` is the game client SDK, served by `scenario dev` (and by the host app in production);
// tsconfig.json types it, and the build leaves it an import of the served file.
import { startGame } from "/sdk.js";
import game, { type Mark, type State } from "./logic";

const session = startGame({ game });

function $<E extends HTMLElement = HTMLElement>(selector: string): E {
  const element = document.querySelector<E>(selector);
  if (!element) throw new Error(`index.html has no ${selector}`);
  return element;
}
const cells = [...document.querySelectorAll<HTMLButtonElement>("[data-cell]")];

function myMarks(state: State): Mark[] {
  return (Object.entries(state.seats) as [Mark, string][])
    .filter(([, seat]) => seat === session.seatId)
    .map(([mark]) => mark);
}

function statusText(state: State | null): string {
  if (!session.started || !state) return "Waiting for players…";
  if (!state.everyoneJoined) return "Waiting for every player to join";
  if (state.winner) return `${state.winner} wins${myMarks(state).includes(state.winner) ? " (you)" : ""}`;
  if (state.draw) return "Draw";
  return myMarks(state).includes(state.turn) ? `Your turn (${state.turn})` : `Waiting for ${state.turn}`;
}

// Who you are, by name (the roster's, or the display name your ticket carries), never a seat id.
function youText(state: State | null): string {
  if (session.watching) return "You are watching.";
  if (session.mode === "solo") return "You play both marks (solo).";
  const marks = state ? myMarks(state) : [];
  return `You are ${session.nameOf(session.seatId)}${marks.length > 0 ? ` (${marks.join(", ")})` : ""}.`;
}

// Whether the game was over at the last render: its end clears a refusal left from the game.
let wasOver = false;

function render() {
  const state = session.state;
  const over = Boolean(state?.winner || state?.draw);
  // "Not your turn" from a moment ago means nothing once the game is over.
  if (over && !wasOver) $("#error").textContent = "";
  wasOver = over;
  $("#you").textContent = youText(state);
  $("#status").textContent = statusText(state);
  // Watchers neither play nor pause; the game's end offers the next game and the way back.
  $("#pause").hidden = session.watching;
  $("#resume").hidden = session.watching;
  $("#game-over").hidden = !over || (session.watching && !session.hasLobby);
  $("#rematch").hidden = session.watching;
  $("#lobby").hidden = !session.hasLobby;
  cells.forEach((button, cell) => {
    const mark = state?.board[cell] ?? "";
    button.textContent = mark;
    // An empty cell has no text: its name tells a screen reader where it is.
    button.setAttribute("aria-label", `Row ${Math.floor(cell / 3) + 1}, column ${(cell % 3) + 1}: ${mark || "empty"}`);
    button.classList.toggle("win", Boolean(state?.winningLine?.includes(cell)));
  });
  $("#clock").dataset.frozen = String(session.frozen);
  $("#clock").textContent = session.frozen ? "clock stopped" : "clock running";
  renderTimer();
}

function timerText(state: State | null): string {
  if (state?.winner || state?.draw) return "";
  // The timer starts once every seat has joined (logic.ts, onPresence).
  if (!session.started || !state?.everyoneJoined || state.turnEndsAt === null) return "Turn timer: waiting for players";
  // Both sides of the subtraction are game time: never mix game time with Date.now().
  return `${Math.max(0, Math.ceil((state.turnEndsAt - session.gameTime()) / 1000))} s left for ${state.turn}`;
}

function renderTimer() {
  $("#timer").textContent = timerText(session.state);
}

for (const button of cells) {
  button.addEventListener("click", () => {
    $("#error").textContent = "";
    session.act("place", { cell: Number(button.dataset.cell) });
  });
}
$("#pause").addEventListener("click", () => session.pause());
$("#resume").addEventListener("click", () => session.resume());
$("#rematch").addEventListener("click", () => session.act("rematch"));
$("#lobby").addEventListener("click", () => session.backToLobby());

session.on("state", render);
session.on("pause", render);
session.on("actionError", ({ error }) => {
  $("#error").textContent = error;
});
session.on("actionLost", (lost) => {
  $("#error").textContent =
    lost.action === "place"
      ? `Your move on cell ${lost.payload.cell + 1} was lost when the room restarted: play it again.`
      : "Your rematch was lost when the room restarted: ask for it again.";
});
session.on("events", ({ events }) => {
  for (const event of events) {
    if (event.name === "timeout") $("#error").textContent = `${event.data.mark} ran out of time`;
    if (event.name === "rematch") $("#error").textContent = "";
  }
});
// The seat ticket ran out and no fresh one came (the SDK asks the lobby or the host app first).
session.on("connection", ({ status }) => {
  if (status === "expired") $("#error").textContent = "Your seat ticket expired: open the game from its link again.";
});
session.on("presence", (presence) => {
  render();
  $("#presence").innerHTML = "";
  for (const seat of presence.seats) {
    const item = document.createElement("li");
    const you = seat.seatId === session.seatId ? " (you)" : "";
    item.textContent = `${session.nameOf(seat.seatId)}${you}: ${seat.online ? "online" : "offline"}`;
    $("#presence").append(item);
  }
});
setInterval(renderTimer, 250);
render();
