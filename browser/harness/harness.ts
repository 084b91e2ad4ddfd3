// The `scenario dev` harness page (tools/cli/harness-page.ts): one iframe per seat of the dev
// roster (and a spectator on request), each with the parameters a host app gives a scenario
// client, and beside them the dev tools (inspector and action log) of the room they play in. It
// listens to the CLI's events and, when the logic changes, points every iframe at the new dev
// revision without reloading itself; a rebuild that failed shows above the seats until one succeeds.
import type { BuildFailure, HarnessPageConfig } from "../../src/page-configs/harness";
import { byId } from "../pages/kit/page";
import { showBuildFailure } from "./build-failure";
import { resetDevTools, showDevTools } from "./dev-tools";
import { watchNetworkConditions, withSeatNetwork } from "./network-conditions";
import { observeRoom } from "./room-observer";
import { seatFigure } from "./seat-frames";

const query = new URLSearchParams(location.search);
let config = (await (await fetch("/harness/config")).json()) as HarnessPageConfig;
let roomId = query.get("room") || "room-1";
let observer: { close(): void } | null = null;
const OBSERVER_WAIT_MS = 3_000;

function showFailure(): void {
  showBuildFailure(byId("build-failure"), config.failure, config.revisionId);
}

function seatUrl(seat: string, kind: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    server: `${location.origin}/rooms`,
    roomId,
    revisionId: config.revisionId,
    seatId: seat,
    nickname: seat,
    players: JSON.stringify(config.roster),
    seatKind: kind,
    ...extra,
  });
  return `/client/index.html?${params}`;
}

/** The room's observer first, so its journal holds the seats' joins; then the seats. */
async function render(): Promise<void> {
  byId("revision").textContent = `revision ${config.revisionId} · room ${roomId}`;
  observer?.close();
  const tools = byId("dev-tools");
  resetDevTools(tools);
  const seats = config.roster.map((seat) => seat.id);
  const replay = { revisionId: config.revisionId, roomId };
  const observed = observeRoom(config.revisionId, roomId, (room) => showDevTools(tools, room, seats, replay));
  observer = observed;
  // A silent observer must not keep the seats away.
  await Promise.race([observed.ready, new Promise((resolve) => setTimeout(resolve, OBSERVER_WAIT_MS))]);
  const frames = config.roster.map((seat) => ({ id: seat.id, src: seatUrl(seat.id, "player") }));
  if (config.spectator) frames.push({ id: "spectator", src: seatUrl("spectator", "spectator", { monitor: "1" }) });
  byId("seats").replaceChildren(...frames.map(({ id, src }) => withSeatNetwork(seatFigure(id, src), id)));
}

byId("new-room").addEventListener("click", (event) => {
  event.preventDefault();
  roomId = `room-${Math.random().toString(36).slice(2, 8)}`;
  history.replaceState(null, "", `?room=${roomId}`);
  void render();
});

const events = new EventSource("/harness/events");
events.addEventListener("revision", (event) => {
  config = JSON.parse(event.data) as HarnessPageConfig;
  showFailure();
  byId("notice").textContent = `logic reloaded: revision ${config.revisionId}`;
  void render();
});
events.addEventListener("client", () => {
  if (config.failure) byId("notice").textContent = "the logic builds again, unchanged";
  config = { ...config, failure: null };
  showFailure();
  for (const frame of document.querySelectorAll("iframe")) frame.contentWindow?.location.reload();
});
watchNetworkConditions(events);
events.addEventListener("failed", (event) => {
  config = { ...config, failure: JSON.parse(event.data) as BuildFailure };
  // The alert says it; an older "logic reloaded" would contradict it.
  byId("notice").textContent = "";
  showFailure();
});
showFailure();
void render();
