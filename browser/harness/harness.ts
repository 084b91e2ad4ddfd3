// The `scenario dev` harness page (tools/cli/harness-page.ts): one iframe per seat of the dev
// roster (and a spectator on request), each with the parameters a host app gives a scenario
// client. It listens to the CLI's events and, when the logic changes, points every iframe at the
// new dev revision without reloading itself.
import type { HarnessPageConfig } from "../../src/page-configs/harness";
import { byId } from "../pages/kit/page";

const query = new URLSearchParams(location.search);
let config = (await (await fetch("/harness/config")).json()) as HarnessPageConfig;
let roomId = query.get("room") || "room-1";

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

function render(): void {
  byId("revision").textContent = `revision ${config.revisionId} · room ${roomId}`;
  const frames = config.roster.map((seat) => ({ id: seat.id, src: seatUrl(seat.id, "player") }));
  if (config.spectator) frames.push({ id: "spectator", src: seatUrl("spectator", "spectator", { monitor: "1" }) });
  byId("seats").replaceChildren(
    ...frames.map(({ id, src }) => {
      const figure = document.createElement("figure");
      const caption = document.createElement("figcaption");
      caption.textContent = id;
      const frame = document.createElement("iframe");
      frame.name = `seat-${id}`;
      frame.dataset.seat = id;
      frame.src = src;
      figure.append(caption, frame);
      return figure;
    }),
  );
}

byId("new-room").addEventListener("click", (event) => {
  event.preventDefault();
  roomId = `room-${Math.random().toString(36).slice(2, 8)}`;
  history.replaceState(null, "", `?room=${roomId}`);
  render();
});

const events = new EventSource("/harness/events");
events.addEventListener("revision", (event) => {
  config = JSON.parse(event.data) as HarnessPageConfig;
  byId("notice").textContent = "logic reloaded";
  render();
});
events.addEventListener("client", () => {
  for (const frame of document.querySelectorAll("iframe")) frame.contentWindow?.location.reload();
});
events.addEventListener("failed", (event) => {
  byId("notice").textContent = `build failed: ${(JSON.parse(event.data) as { message: string }).message}`;
});
render();
