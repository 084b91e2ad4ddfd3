import { NETWORK_CSS } from "./net/network-css.ts";

/**
 * The harness page: one iframe per seat of the dev roster (and a spectator on request), and the
 * dev tools beside them (inspector with its acts, and action log), drawn and kept current by its script
 * (browser/harness/, served as /harness.js). Wide screens put the tools beside the seats; below
 * 900 px they go under them, and below 560 px the seats stack, each as wide as the screen. A
 * rebuild that failed shows above the seats, as an alert, until one succeeds.
 */
export function harnessPage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · scenario dev</title>
<style>${HARNESS_CSS}${NETWORK_CSS}</style>
</head>
<body>
<header>
  <h1>${escapeHtml(title)}</h1>
  <span id="revision"></span>
  <a id="new-room" href="#">new room</a>
  <span id="notice" role="status"></span>
</header>
<section id="build-failure" role="alert" aria-labelledby="build-failure-title" hidden></section>
<main>
  <div id="seats"></div>
  <aside id="dev-tools" aria-label="Dev tools"></aside>
</main>
<script type="module" src="/harness.js"></script>
</body>
</html>`;
}

const HARNESS_CSS = `
  * { box-sizing: border-box; }
  body { font-family: system-ui, sans-serif; margin: 0.5rem; background: #f3f3f3; color: #1a1a1a; }
  header { display: flex; gap: 0.25rem 1rem; align-items: baseline; flex-wrap: wrap; overflow-wrap: anywhere; }
  header h1 { font-size: 1rem; margin: 0; }
  #build-failure { margin-top: 0.5rem; padding: 0.5rem 0.75rem; background: #fff0f0; border: 1px solid #a00018;
    border-left-width: 0.4rem; overflow-wrap: anywhere; }
  #build-failure h2 { font-size: 1.05rem; margin: 0 0 0.25rem; color: #a00018; }
  #build-failure p { margin: 0.25rem 0; }
  #build-failure ul { margin: 0.25rem 0; padding-left: 1.2rem; }
  #build-failure pre { margin: 0.25rem 0; padding: 0.35rem 0.5rem; background: white; border: 1px solid #e3c4c4;
    overflow-x: auto; font-size: 0.85rem; overflow-wrap: normal; }
  #build-failure .build-output { max-height: 16rem; overflow: auto; }
  .problem-place { font-family: ui-monospace, monospace; font-weight: 600; }
  main { display: flex; gap: 0.5rem; align-items: flex-start; margin-top: 0.5rem; }
  #seats { display: flex; flex-wrap: wrap; gap: 0.5rem; flex: 1 1 auto; min-width: 0; }
  figure { margin: 0; background: white; border: 1px solid #ccc; width: 440px; max-width: 100%; }
  figcaption { font-size: 0.8rem; padding: 0.2rem 0.4rem; background: #eee; }
  iframe { border: 0; width: 100%; height: 640px; display: block; }
  #dev-tools { flex: 0 0 22rem; max-width: 100%; background: white; border: 1px solid #ccc; padding: 0.5rem;
    font-size: 0.85rem; position: sticky; top: 0.5rem; max-height: calc(100vh - 1rem); overflow: auto; }
  #dev-tools h2 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
  #dev-tools h3 { font-size: 0.9rem; margin: 0.5rem 0 0.25rem; }
  .tools-toggle { font: inherit; }
  .save-replay { margin: 0.5rem 0 0; }
  .muted { color: #555; }
  .notice { color: #8a4b00; }
  .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.75rem; margin: 0; }
  .facts dt { color: #555; }
  .facts dd { margin: 0; overflow-wrap: anywhere; }
  .presence { border-collapse: collapse; }
  .presence th, .presence td { text-align: left; padding: 0.1rem 0.6rem 0.1rem 0; }
  .deadlines { margin: 0; padding-left: 1.2rem; }
  .fire-now { font: inherit; font-size: 0.8rem; }
  .acts label { display: block; margin: 0.35rem 0 0.15rem; }
  .acts textarea { display: block; width: 100%; font-family: ui-monospace, monospace; font-size: 0.8rem; }
  .acts [data-testid="act-answer"] { min-height: 1.2em; margin: 0.25rem 0; overflow-wrap: anywhere; }
  .act-failed { color: #a00018; }
  .json-tree { font-family: ui-monospace, monospace; font-size: 0.8rem; margin-top: 0.5rem; overflow-wrap: anywhere; }
  .json-children { padding-left: 1rem; }
  .json-leaf { padding-left: 1rem; }
  .json-key { color: #6b2d86; }
  .json-string { color: #0b6b2b; }
  .json-number, .json-boolean, .json-null { color: #1f4fa8; }
  .json-shape { color: #555; }
  .filters { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-bottom: 0.25rem; }
  .log { list-style: none; margin: 0; padding: 0; max-height: 16rem; overflow: auto; border: 1px solid #ddd; }
  .log button { all: unset; box-sizing: border-box; display: block; width: 100%; padding: 0.15rem 0.3rem;
    cursor: pointer; overflow-wrap: anywhere; }
  .log button:hover { background: #f0f4ff; }
  .log button:focus-visible { outline: 2px solid #1f4fa8; outline-offset: -2px; }
  .log button[aria-pressed="true"] { background: #dce6ff; }
  .log button.rejected { color: #a00018; }
  .log-index, .log-time { color: #555; font-variant-numeric: tabular-nums; }
  .time-travel { background: #fff6d6; padding: 0.25rem; }
  .changes ul { margin: 0; padding-left: 1.2rem; font-family: ui-monospace, monospace; font-size: 0.8rem; }
  .change-added { color: #0b6b2b; }
  .change-removed { color: #a00018; }
  @media (max-width: 900px) {
    main { flex-direction: column; }
    #dev-tools { flex: none; width: 100%; position: static; max-height: none; }
  }
  @media (max-width: 560px) {
    #seats { flex-direction: column; width: 100%; }
    figure { width: 100%; }
  }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
