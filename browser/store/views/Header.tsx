import type { Me } from "../api";
import { type Formatter, LOCALES, type Locale, type Messages, messagesFor } from "../i18n";

interface HeaderProps {
  t: Messages;
  format: Formatter;
  me: Me | null;
  locale: Locale;
  /** The sign-in service's page of the account's sessions (where it is signed in). */
  sessionsUrl: string;
  onLocale(locale: Locale): void;
  onSignOut(): void;
}

/**
 * Title, the user's balance with the premium badge (+X%, no renewal date), language, and the
 * account's links: where it is signed in (the sign-in service's page), and sign out.
 */
export function Header({ t, format, me, locale, sessionsUrl, onLocale, onSignOut }: HeaderProps) {
  return (
    <header class="header">
      <h1 class="title">{t.title}</h1>
      <div class="account">
        {me ? (
          <p class="balance">
            <span class="label">{t.balance}</span>{" "}
            <strong data-testid="balance" data-balance={me.balance}>
              {format.plural(t.coins, me.balance)}
            </strong>
            {me.premium ? (
              <span class="badge" data-testid="premium">
                {t.premium.replace("{rate}", format.percent(me.bonusRate))}
              </span>
            ) : null}
          </p>
        ) : null}
        <label class="language">
          <span class="label">{t.language}</span>
          <select value={locale} onChange={(event) => onLocale(event.currentTarget.value as Locale)}>
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {messagesFor(code).languageName}
              </option>
            ))}
          </select>
        </label>
        <nav class="account-links" aria-label={t.account}>
          <a class="link" href={sessionsUrl}>
            {t.devices}
          </a>
          <button type="button" class="link-button" onClick={onSignOut}>
            {t.signOut}
          </button>
        </nav>
      </div>
    </header>
  );
}
