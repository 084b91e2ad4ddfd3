/**
 * The harness page: one iframe per seat of the dev roster (and a spectator on request), each
 * carrying the parameters a host app gives a scenario client. It listens to the CLI's events and,
 * when the logic changes, points every iframe at the new dev revision without reloading itself.
 */
export function harnessPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)} · scenario dev</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0.5rem; background: #f3f3f3; }
  header { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; }
  #seats { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.5rem; }
  figure { margin: 0; background: white; border: 1px solid #ccc; }
  figcaption { font-size: 0.8rem; padding: 0.2rem 0.4rem; background: #eee; }
  iframe { border: 0; width: 480px; height: 640px; display: block; }
</style>
</head>
<body>
<header>
  <strong>${escapeHtml(title)}</strong>
  <span id="revision"></span>
  <a id="new-room" href="#">new room</a>
  <span id="notice"></span>
</header>
<div id="seats"></div>
<script type="module">
const query = new URLSearchParams(location.search);
let config = await (await fetch("/harness/config")).json();
let roomId = query.get("room") || "room-1";

function seatUrl(seat, kind, extra = {}) {
  const params = new URLSearchParams({
    server: location.origin + "/rooms",
    roomId,
    revisionId: config.revisionId,
    seatId: seat,
    nickname: seat,
    players: JSON.stringify(config.roster),
    seatKind: kind,
    ...extra,
  });
  return "/client/index.html?" + params;
}

function render() {
  document.getElementById("revision").textContent = "revision " + config.revisionId + " · room " + roomId;
  const frames = [];
  for (const seat of config.roster) frames.push({ id: seat.id, src: seatUrl(seat.id, "player") });
  if (config.spectator) frames.push({ id: "spectator", src: seatUrl("spectator", "spectator", { monitor: "1" }) });
  const holder = document.getElementById("seats");
  holder.replaceChildren(
    ...frames.map(({ id, src }) => {
      const figure = document.createElement("figure");
      const caption = document.createElement("figcaption");
      caption.textContent = id;
      const frame = document.createElement("iframe");
      frame.name = "seat-" + id;
      frame.dataset.seat = id;
      frame.src = src;
      figure.append(caption, frame);
      return figure;
    }),
  );
}

document.getElementById("new-room").addEventListener("click", (event) => {
  event.preventDefault();
  roomId = "room-" + Math.random().toString(36).slice(2, 8);
  history.replaceState(null, "", "?room=" + roomId);
  render();
});

const events = new EventSource("/harness/events");
events.addEventListener("revision", (event) => {
  config = JSON.parse(event.data);
  document.getElementById("notice").textContent = "logic reloaded";
  render();
});
events.addEventListener("client", () => {
  for (const frame of document.querySelectorAll("iframe")) frame.contentWindow?.location.reload();
});
events.addEventListener("failed", (event) => {
  document.getElementById("notice").textContent = "build failed: " + JSON.parse(event.data).message;
});
render();
</script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
