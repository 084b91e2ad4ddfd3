// Copy buttons of the lobby (a room's link, a seat's own link, the play link): each copies its
// `data-copy` and says so on itself for a moment and in the page's status line; without a
// clipboard (an insecure origin, a refused permission) the link is put in the field beside the
// button, or the page's first link field, selected to copy by hand.
import type { LobbyScriptStrings } from "../../../src/lobby/lobby-strings";

/** How long a Copy button reads "Copied". */
const COPIED_MS = 2000;

export function copyButtons(say: (text: string) => void, strings: LobbyScriptStrings): void {
  document.addEventListener("click", async (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button.copy") : null;
    if (!button) return;
    const link = button.dataset.copy ?? "";
    try {
      await navigator.clipboard.writeText(link);
      say(strings.linkCopied);
      const label = button.textContent;
      if (label !== strings.copied) {
        button.textContent = strings.copied;
        setTimeout(() => {
          button.textContent = label;
        }, COPIED_MS);
      }
    } catch {
      const field =
        button.parentElement?.querySelector<HTMLInputElement>("input[readonly]") ??
        document.querySelector<HTMLInputElement>(".share input[readonly]");
      if (!field) return;
      field.value = link;
      field.select();
      say(strings.copyByHand);
    }
  });
}
