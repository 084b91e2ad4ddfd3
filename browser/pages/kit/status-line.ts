import { byId } from "./page";

/** The page's status line (src/worker-kit/pages/status-line.tsx): one message at a time. */
export interface StatusLine {
  /** What went well or is under way ("Token created.", "Saving…"), in the notice style. */
  notice(text: string): void;
  /** What went wrong, in the error style, read out at once. */
  error(text: string): void;
  clear(): void;
}

export function statusLine(): StatusLine {
  const noticeBox = byId("status");
  const errorBox = byId("error");
  const show = (notice: string, error: string) => {
    noticeBox.textContent = notice;
    errorBox.textContent = error;
  };
  return {
    notice: (text) => show(text, ""),
    error: (text) => show("", text),
    clear: () => show("", ""),
  };
}
