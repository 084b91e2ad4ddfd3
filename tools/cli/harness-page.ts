/**
 * The harness page: one iframe per seat of the dev roster (and a spectator on request), drawn and
 * kept current by its script (browser/harness/, served as /harness.js).
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
<script type="module" src="/harness.js"></script>
</body>
</html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
