/** The look of each seat's network line and controls (browser/harness/network-conditions.tsx). */
export const NETWORK_CSS = `
  .net-status .disturbed { color: #8a4b00; font-weight: 600; }
  .seat-network { font-size: 0.8rem; padding: 0.2rem 0.4rem; border-bottom: 1px solid #eee; }
  .net-controls summary { cursor: pointer; }
  .net-controls fieldset { border: 1px solid #ddd; margin: 0.3rem 0; padding: 0.2rem 0.4rem; }
  .net-controls .net-group { border: 0; margin: 0; padding: 0; min-width: 0; }
  .net-controls legend { padding: 0 0.2rem; }
  .net-controls button, .net-controls input { font: inherit; }
  .net-controls button[aria-pressed="true"] { background: #dce6ff; border-color: #1f4fa8; }
  .net-controls input { width: 5.5rem; }
  .net-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; margin: 0.3rem 0; }
  .net-message { margin: 0.2rem 0 0; min-height: 1em; overflow-wrap: anywhere; }
`;
