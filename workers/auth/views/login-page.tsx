import type { Client } from "../../../src/auth/clients";
import type { DevAccount } from "../../../src/auth/dev-accounts";
import { DEV_LOGIN_STRINGS } from "../../../src/auth/dev-login-strings";
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  type LoginStrings,
  PROVIDER_NAMES,
  STRINGS,
} from "../../../src/auth/i18n";
import { LINK_STRINGS } from "../../../src/auth/link-strings";
import type { SocialProvider } from "../../../src/config/auth";
import { localized } from "../../../src/i18n/locales";
import { LOGIN_CONFIG_ID, type LoginPageConfig } from "../../../src/page-configs/login";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";

export interface LoginPageProps {
  language: Language;
  client: Client;
  socialProviders: readonly SocialProvider[];
  /** Dev only: the dev IdP's seeded accounts, offered as one-click sign-ins; empty in stg and prd. */
  devAccounts: readonly DevAccount[];
  /** Absolute URL of this page in each language (the language menu). */
  languageUrls: Readonly<Record<Language, string>>;
  /** Base URL of the auth app's static files (…/assets). */
  assetsUrl: string;
  /** Base URL of the legal documents (…/legal): each consent box links to {legalUrl}/{key}/latest. */
  legalUrl: string;
  /** Read by the page's script (browser/pages/login/). */
  pageConfig: LoginPageConfig;
}

/** The login page: server-rendered, readable without script, signs in through browser/pages/login/. */
export function LoginPage(props: LoginPageProps) {
  const t = STRINGS[props.language];
  const { client } = props;
  // The app's name in the page's language too: a title never mixes two languages.
  const clientName = localized(client.name, props.language);
  return (
    <PageShell
      lang={props.language}
      title={`${t.title} · ${clientName}`}
      assetsUrl={props.assetsUrl}
      stylesheet="login.css"
      config={{ id: LOGIN_CONFIG_ID, value: props.pageConfig }}
      script={{ file: "login.js", module: false }}
    >
      <main class="card">
        <header class="client">
          <img src={`${props.assetsUrl}/${client.iconUrl}`} alt="" width="48" height="48" />
          <h1>{t.signInTo(clientName)}</h1>
        </header>
        <LanguageMenu current={props.language} urls={props.languageUrls} label={t.languageMenu} />
        <p id="status" role="alert" aria-live="assertive" class="status sticky" />

        {props.devAccounts.length > 0 && <DevAccounts accounts={props.devAccounts} language={props.language} />}

        {/* First: it signs in existing accounts only, so the documents to create one come after it. */}
        {client.emailPasswordLogin && <EmailForm t={t} />}

        {/* The boxes a sign-up needs; a sign-up that waited for them completes only by the button. */}
        <form id="consent-form">
          <fieldset class="consent">
            <legend>{t.consentIntro}</legend>
            {client.requiredDocumentKeys.map((key) => (
              <label>
                <input type="checkbox" name="consent" value={key} />{" "}
                {/* A new tab: the page keeps its ticked boxes and typed fields. */}
                <a href={`${props.legalUrl}/${key}/latest?lang=${props.language}`} target="_blank" rel="noopener">
                  {t.documents[key]}
                </a>
              </label>
            ))}
            <button type="submit" id="consent-confirm" hidden>
              {t.consentConfirm}
            </button>
          </fieldset>
        </form>

        <section class="method">
          <h2>{t.phone}</h2>
          <form id="phone-form" class="fields">
            <label for="phone">{t.phoneNumber}</label>
            <input id="phone" name="phone" type="tel" autocomplete="tel" placeholder="+81 90 1234 5678" required />
            <button type="submit" class="secondary">
              {t.sendCode}
            </button>
          </form>
          {/* The invisible reCAPTCHA the provider asks for before it sends a code; its badge shows here. */}
          <div id="recaptcha" class="recaptcha" />
          {/* A form of its own: Enter in the code field verifies it and never sends a new code. */}
          <form id="code-form" class="fields" hidden>
            <label for="code">{t.verificationCode}</label>
            <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required />
            <button type="submit">{t.verify}</button>
          </form>
        </section>

        {props.socialProviders.length > 0 && (
          <section class="social" aria-labelledby="social-heading">
            <h2 id="social-heading">{t.orContinueWith}</h2>
            {props.socialProviders.map((provider) => (
              <button type="button" class="provider" data-provider={provider}>
                {t.continueWith(PROVIDER_NAMES[provider])}
              </button>
            ))}
          </section>
        )}

        {props.socialProviders.length > 0 && (
          <button type="button" id="link-start" class="secondary">
            {LINK_STRINGS[props.language].start}
          </button>
        )}
      </main>

      <dialog id="reconsent" aria-labelledby="reconsent-title">
        <h2 id="reconsent-title">{t.reconsent.title}</h2>
        <p>{t.reconsent.intro}</p>
        <ul id="reconsent-documents" />
        <div class="actions">
          <button type="button" id="reconsent-accept">
            {t.reconsent.accept}
          </button>
          <button type="button" id="reconsent-decline" class="secondary">
            {t.reconsent.decline}
          </button>
        </div>
      </dialog>
    </PageShell>
  );
}

/** Every language of the page, each in its own name; the current one is not a link. */
function LanguageMenu(props: { current: Language; urls: Readonly<Record<Language, string>>; label: string }) {
  return (
    <nav class="language" aria-label={props.label}>
      <ul>
        {LANGUAGES.map((language) => (
          <li lang={language}>
            {language === props.current ? (
              <strong aria-current="page">{LANGUAGE_NAMES[language]}</strong>
            ) : (
              <a href={props.urls[language]} hreflang={language}>
                {LANGUAGE_NAMES[language]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Email + password signs in existing accounts only (document 1, Authentication 8: display only;
 * accounts are made with the provider's admin tools), and says so beside its fields.
 */
function EmailForm(props: { t: LoginStrings }) {
  const { t } = props;
  return (
    <form id="email-form" class="method" autocomplete="on">
      <h2>{t.emailHeading}</h2>
      <p class="note">{t.emailSignInOnly}</p>
      <label for="email">{t.email}</label>
      <input id="email" name="email" type="email" autocomplete="username" required />
      <label for="password">{t.password}</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required />
      <div class="actions">
        <button type="submit">{t.signIn}</button>
      </div>
    </form>
  );
}

/**
 * Dev only (the dev IdP's seeded accounts, docs/sign-in-dev.md): one click signs in as the
 * account with its password, on any client, so every doc's "sign in as ..." works as written.
 */
function DevAccounts(props: { accounts: readonly DevAccount[]; language: Language }) {
  const t = DEV_LOGIN_STRINGS[props.language].devAccounts;
  return (
    <section class="dev-accounts" aria-labelledby="dev-accounts-heading">
      <h2 id="dev-accounts-heading">{t.heading}</h2>
      <p>{t.intro}</p>
      <ul>
        {props.accounts.map((account) => (
          <li>
            <button type="button" class="secondary" data-dev-account={account.email}>
              {t.signInAs(account.email)}
            </button>{" "}
            <span class="claims">{account.claims.length > 0 ? account.claims.join(", ") : t.noClaims}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
