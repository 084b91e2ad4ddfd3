import type { Client } from "../../../src/auth/clients";
import type { Language } from "../../../src/auth/i18n";
import { TRANSFER_STRINGS } from "../../../src/auth/transfer-strings";
import { localized } from "../../../src/i18n/locales";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";

export interface TransferPageProps {
  language: Language;
  client: Client;
  /** Masked account the code signs in to. */
  account: string;
  /** The browser has a session now (of another account, or maybe the same). */
  replacesSession: boolean;
  /** Absolute URL the form posts to (POST /transfer). */
  action: string;
  code: string;
  /** Double-submit token: equals the browser's auth_transfer_csrf cookie. */
  csrf: string;
  assetsUrl: string;
}

/** The hand-over confirmation page: whose account, for which app; works without script. */
export function TransferPage(props: TransferPageProps) {
  const t = TRANSFER_STRINGS[props.language];
  return (
    // same-origin, not no-referrer: with no-referrer the browser posts the form with Origin: null.
    <PageShell
      lang={props.language}
      title={t.title}
      assetsUrl={props.assetsUrl}
      stylesheet="login.css"
      referrer="same-origin"
    >
      <main class="card">
        <header class="client">
          <img src={`${props.assetsUrl}/${props.client.iconUrl}`} alt="" width="48" height="48" />
          <h1>{t.heading(localized(props.client.name, props.language))}</h1>
        </header>
        <p>
          {t.account} <strong id="account">{props.account}</strong>
        </p>
        {props.replacesSession && <p class="status">{t.replaces}</p>}
        <p>{t.explain}</p>
        <form method="post" action={props.action} class="actions">
          <input type="hidden" name="code" value={props.code} />
          <input type="hidden" name="csrf" value={props.csrf} />
          <button type="submit" name="decision" value="continue">
            {t.continue}
          </button>
          <button type="submit" name="decision" value="cancel" class="secondary">
            {t.cancel}
          </button>
        </form>
      </main>
    </PageShell>
  );
}
