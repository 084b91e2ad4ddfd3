import type { ComponentChildren } from "preact";

/**
 * Status messages over the page, at the bottom of the window: they come and go without pushing
 * the products down (a button moving under the pointer is a misclick).
 */
export function Toasts({ children }: { children: ComponentChildren }) {
  return (
    <div class="toasts" role="status" aria-live="polite">
      {children}
    </div>
  );
}
