import type { Messages } from "../i18n";

interface SignedOutPageProps {
  t: Messages;
  onSignIn(): void;
}

/** After Sign out: the store, signed out, with a way back in (not the sign-in form at once). */
export function SignedOutPage({ t, onSignIn }: SignedOutPageProps) {
  return (
    <div class="page">
      <header class="header">
        <h1 class="title">{t.title}</h1>
      </header>
      <main class="content">
        <section class="signed-out" data-testid="signed-out">
          <p>{t.signedOut}</p>
          <button type="button" class="button" onClick={onSignIn}>
            {t.signIn}
          </button>
        </section>
      </main>
    </div>
  );
}
