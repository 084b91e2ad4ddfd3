// Keys become continuous input (the SDK sends at most 20 per second, latest wins);
// the canvas draws the state of every __tick.
import { startGame } from "/sdk.js";
import game, { SIZE } from "./logic.js";

const session = startGame({ game });
const canvas = document.querySelector("#arena");
const paint = canvas.getContext("2d");
const cell = canvas.width / SIZE;
const held = new Set();
const colors = ["#1e88e5", "#e53935", "#43a047", "#8e24aa"];
// Whether every seat has been online (the room's presence says so): the race runs from then on.
let everyoneJoined = false;

function sendInput() {
  const dx = (held.has("right") ? 1 : 0) - (held.has("left") ? 1 : 0);
  const dy = (held.has("down") ? 1 : 0) - (held.has("up") ? 1 : 0);
  session.input({ dx, dy });
}

const keys = {
  ArrowLeft: "left",
  a: "left",
  ArrowRight: "right",
  d: "right",
  ArrowUp: "up",
  w: "up",
  ArrowDown: "down",
  s: "down",
};
addEventListener("keydown", (event) => {
  if (event.key === "t") session.act("teleport");
  const key = keys[event.key];
  if (key && !held.has(key)) {
    held.add(key);
    sendInput();
  }
});
addEventListener("keyup", (event) => {
  const key = keys[event.key];
  if (key) {
    held.delete(key);
    sendInput();
  }
});
document.querySelector("#pause").addEventListener("click", () => session.pause());
document.querySelector("#resume").addEventListener("click", () => session.resume());
document.querySelector("#rematch").addEventListener("click", () => session.act("rematch"));
document.querySelector("#lobby").addEventListener("click", () => session.backToLobby());
// Players by name (the roster's, or the display name a ticket carries), never by seat id.
const nameOf = (seatId) => session.nameOf(seatId);

function statusText(state) {
  if (state.winner) return state.winner === session.seatId ? "You win" : `${nameOf(state.winner)} wins`;
  const you = session.watching ? "You are watching" : `You are ${nameOf(session.seatId)}`;
  return `${you}${everyoneJoined ? "" : " · waiting for every player to join"}`;
}

function render() {
  const state = session.state;
  paint.clearRect(0, 0, canvas.width, canvas.height);
  if (!state?.players) return;
  paint.fillStyle = "#fbc02d";
  paint.beginPath();
  paint.arc((state.coin.x + 0.5) * cell, (state.coin.y + 0.5) * cell, cell / 2, 0, Math.PI * 2);
  paint.fill();
  Object.entries(state.players).forEach(([seatId, player], index) => {
    paint.fillStyle = colors[index % colors.length];
    paint.fillRect(player.x * cell, player.y * cell, cell, cell);
    if (seatId === session.seatId) paint.strokeRect(player.x * cell, player.y * cell, cell, cell);
  });
  document.querySelector("#scores").textContent = Object.entries(state.players)
    .map(([seatId, player]) => `${nameOf(seatId)}: ${player.score} (teleports ${state.teleportsLeft[seatId]})`)
    .join(" · ");
  document.querySelector("#positions").textContent = Object.entries(state.players)
    .map(([seatId, player]) => `${nameOf(seatId)} at (${player.x}, ${player.y})`)
    .join(" · ");
  document.querySelector("#status").textContent = statusText(state);
  // Watchers neither play nor pause; the race's end offers the next race and the way back.
  document.querySelector("#pause").hidden = session.watching;
  document.querySelector("#resume").hidden = session.watching;
  document.querySelector("#game-over").hidden = !state.winner || (session.watching && !session.hasLobby);
  document.querySelector("#rematch").hidden = session.watching;
  document.querySelector("#lobby").hidden = !session.hasLobby;
  document.querySelector("#clock").textContent = session.frozen
    ? "paused"
    : `game time ${(session.gameTime() / 1000).toFixed(1)} s`;
}

// The seat ticket ran out and no fresh one came (the SDK asks the lobby or the host app first).
session.on("connection", ({ status }) => {
  if (status === "expired") {
    document.querySelector("#error").textContent = "Your seat ticket expired: open the game from its link again.";
  }
});
session.on("state", render);
session.on("presence", ({ seats }) => {
  everyoneJoined = seats.every((seat) => seat.seen);
  render();
});
session.on("pause", render);
// The status line is redrawn every tick, so a refused action is shown on a line of its own for a while.
let errorTimer;
session.on("actionError", ({ error }) => {
  document.querySelector("#error").textContent = error;
  clearTimeout(errorTimer);
  errorTimer = setTimeout(() => {
    document.querySelector("#error").textContent = "";
  }, 3000);
});
