// A seat's iframe as the harness shows it: as tall as its page (no cut-off rows, no scrollbar of
// its own), and arrow keys inside it move the game, never scroll the frame or the harness.
// The scenario's client is served by the harness itself, so its document is same-origin.

const NAVIGATION_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

export function seatFigure(id: string, src: string): HTMLElement {
  const figure = document.createElement("figure");
  const caption = document.createElement("figcaption");
  caption.textContent = id;
  const frame = document.createElement("iframe");
  frame.name = `seat-${id}`;
  frame.title = `seat ${id}`;
  frame.dataset.seat = id;
  frame.src = src;
  frame.addEventListener("load", () => fitToContent(frame));
  figure.append(caption, frame);
  return figure;
}

/** Keeps the frame as tall as its document, and keeps arrow keys from scrolling anything. */
function fitToContent(frame: HTMLIFrameElement): void {
  const view = frame.contentWindow;
  const root = frame.contentDocument?.documentElement;
  if (!view || !root) return;
  const resize = () => {
    frame.style.height = `${Math.ceil(root.getBoundingClientRect().height) + 2}px`;
  };
  new ResizeObserver(resize).observe(root);
  resize();
  view.addEventListener(
    "keydown",
    (event) => {
      if (NAVIGATION_KEYS.has(event.key) && !isEditable(event.target)) event.preventDefault();
    },
    { capture: true },
  );
}

/** The target is an element of the frame's own realm, so no `instanceof Element` of this one. */
function isEditable(target: EventTarget | null): boolean {
  const element = target as Partial<Element> | null;
  if (typeof element?.matches !== "function") return false;
  return element.matches("input, textarea, select, [contenteditable]:not([contenteditable='false'])");
}
