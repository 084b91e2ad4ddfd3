import { useEffect, useState } from "preact/hooks";
import type { Me, SessionStatus, StoreApi } from "../api";
import { failureMessage } from "../failure-message";
import type { Messages } from "../i18n";

/** How often and how long the page asks again while the webhook credits the coins. */
const REREAD_EVERY_MS = 1500;
const REREADS = 8;

type Phase = "checking" | "waiting" | "credited" | "refunded" | "slow" | "not-paid" | "failed";

interface ResultPageProps {
  api: StoreApi;
  t: Messages;
  refreshMe(): Promise<Me | null>;
  /** The store's home with the buyer's currency and language (links.ts storeHome). */
  home: string;
}

/** The phase a session's status puts the page in; null while its coins are not credited yet. */
function settledPhase(status: SessionStatus): Phase | null {
  if (status.paymentStatus !== "paid") return "not-paid";
  if (status.credit === "credited") return "credited";
  if (status.credit === "cancelled") return "refunded";
  return null;
}

/**
 * After the hosted checkout (document 2, Rule 4): asks whether this session's own purchase has
 * been credited (not whether the balance moved, which another purchase may do), and while not,
 * re-reads it and /api/me a few times, saying that reflecting the balance takes a few seconds.
 * The header shows each re-read's balance, so the last poll's stays when the page gives up. A
 * reload asks again, so it tells the truth however late it comes.
 */
export function ResultPage({ api, t, refreshMe, home }: ResultPageProps) {
  const [phase, setPhase] = useState<Phase>("checking");
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let stopped = false;
    const sessionId = new URLSearchParams(window.location.search).get("session_id") ?? "";
    const run = async () => {
      for (let attempt = 0; attempt <= REREADS; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, REREAD_EVERY_MS));
        if (stopped) return;
        const status = await api.sessionStatus(sessionId);
        const settled = settledPhase(status);
        if (settled !== "not-paid") await refreshMe();
        if (stopped) return;
        if (settled) {
          setPhase(settled);
          return;
        }
        setPhase("waiting");
      }
      setPhase("slow");
    };
    run().catch((error: unknown) => {
      if (stopped) return;
      setFailure(error);
      setPhase("failed");
    });
    return () => {
      stopped = true;
    };
  }, [api, refreshMe]);

  // Every status line sits in one reserved slot (the tallest one's height), so a change of
  // phase never moves what is below it; only the current one is visible.
  const lines: [Phase, string, string][] = [
    ["checking", "loading", t.loading],
    ["credited", "notice success", t.resultCredited],
    ["refunded", "notice", t.resultRefunded],
    ["slow", "notice", t.resultWaiting],
    ["not-paid", "notice", t.resultNotPaid],
    ["failed", "notice error", failureMessage(t, failure, "read")],
  ];
  const unpaid = phase === "not-paid" || phase === "failed";
  // While waiting for the credit the page is still checking.
  const shown: Phase = phase === "waiting" ? "checking" : phase;
  return (
    <section class="result" data-phase={phase}>
      <h2>{phase === "not-paid" ? t.title : t.resultTitle}</h2>
      <p class="note" data-current={!unpaid}>
        {t.resultPending}
      </p>
      <div class="status-slot" role="status" aria-live="polite">
        {lines.map(([line, className, text]) => (
          <p key={line} class={`status-line ${className}`} data-current={line === shown}>
            {text}
          </p>
        ))}
      </div>
      <p>
        <a class="button" href={home}>
          {t.backToStore}
        </a>
      </p>
    </section>
  );
}
