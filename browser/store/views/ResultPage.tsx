import { useEffect, useState } from "preact/hooks";
import { appUrl, type Me, type StoreApi } from "../api";
import type { Messages } from "../i18n";
import { BALANCE_BEFORE_KEY } from "./ShopPage";

/** How often and how long the page re-reads /api/me while the webhook credits the coins. */
const REREAD_EVERY_MS = 1500;
const REREADS = 8;

type Phase = "checking" | "waiting" | "credited" | "slow" | "not-paid" | "failed";

interface ResultPageProps {
  api: StoreApi;
  t: Messages;
  refreshMe(): Promise<Me | null>;
}

/**
 * After the hosted checkout (document 2, Rule 4): reads the session's status, then re-reads
 * /api/me a few times until the balance has risen, saying that this takes a few seconds.
 */
export function ResultPage({ api, t, refreshMe }: ResultPageProps) {
  const [phase, setPhase] = useState<Phase>("checking");

  useEffect(() => {
    let stopped = false;
    const sessionId = new URLSearchParams(window.location.search).get("session_id") ?? "";
    const before = Number(sessionStorage.getItem(BALANCE_BEFORE_KEY) ?? "NaN");
    const run = async () => {
      const status = await api.sessionStatus(sessionId);
      if (stopped) return;
      if (status.paymentStatus !== "paid") {
        setPhase("not-paid");
        return;
      }
      setPhase("waiting");
      for (let attempt = 0; attempt < REREADS && !stopped; attempt++) {
        const me = await refreshMe();
        if (me && Number.isFinite(before) && me.balance > before) {
          sessionStorage.removeItem(BALANCE_BEFORE_KEY);
          setPhase("credited");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, REREAD_EVERY_MS));
      }
      if (!stopped) setPhase("slow");
    };
    run().catch(() => setPhase("failed"));
    return () => {
      stopped = true;
    };
  }, [api, refreshMe]);

  return (
    <section class="result" data-phase={phase}>
      <h2>{phase === "not-paid" ? t.title : t.resultTitle}</h2>
      {phase === "checking" ? <p class="loading">{t.loading}</p> : null}
      {phase === "waiting" || phase === "credited" || phase === "slow" ? <p class="note">{t.resultPending}</p> : null}
      {phase === "credited" ? <p class="notice success">{t.resultCredited}</p> : null}
      {phase === "slow" ? <p class="notice">{t.resultWaiting}</p> : null}
      {phase === "not-paid" ? <p class="notice">{t.resultNotPaid}</p> : null}
      {phase === "failed" ? <p class="notice error">{t.error}</p> : null}
      <p>
        <a class="button" href={appUrl("./")}>
          {t.backToStore}
        </a>
      </p>
    </section>
  );
}
