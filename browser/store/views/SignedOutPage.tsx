import type { Messages } from "../i18n";
import { ClosedPage } from "./ClosedPage";

interface SignedOutPageProps {
  t: Messages;
  onSignIn(): void;
}

/** After Sign out: the store, signed out, with a way back in (not the sign-in form at once). */
export function SignedOutPage({ t, onSignIn }: SignedOutPageProps) {
  return (
    <ClosedPage t={t}>
      <section class="signed-out" data-testid="signed-out">
        <p>{t.signedOut}</p>
        <button type="button" class="button" onClick={onSignIn}>
          {t.signIn}
        </button>
      </section>
    </ClosedPage>
  );
}
