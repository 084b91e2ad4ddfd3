import { useState } from "preact/hooks";
import type { Messages } from "../i18n";
import { ClosedPage } from "./ClosedPage";

interface ConsentUncheckedPageProps {
  t: Messages;
  /** Signs in and checks again; the page is replaced by what that finds (or shown again). */
  onRetry(): Promise<void>;
}

/**
 * Signed in, but the sign-in service could not say whether the user has updated terms to accept:
 * the store stays closed (no products, no balance, no Buy) until a check gets an answer.
 */
export function ConsentUncheckedPage({ t, onRetry }: ConsentUncheckedPageProps) {
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    try {
      await onRetry();
    } finally {
      setChecking(false);
    }
  };
  return (
    <ClosedPage t={t}>
      <section class="closed" data-testid="consent-unchecked">
        <p class="notice error" role="alert">
          {t.consentUnchecked}
        </p>
        <button type="button" class="button" disabled={checking} onClick={() => void retry()}>
          {checking ? t.loading : t.retry}
        </button>
      </section>
    </ClosedPage>
  );
}
