import { type ComponentChild, render } from "preact";
import { isCurrency } from "../../src/store/currency";
import { appBase, loadConfig, StoreApi } from "./api";
import { isLocale, messagesFor, pickLocale } from "./i18n";
import { StoreSession } from "./session";
import { App } from "./views/App";
import { ConsentUncheckedPage } from "./views/ConsentUncheckedPage";
import { SignedOutPage } from "./views/SignedOutPage";

const LOCALE_KEY = "store.locale";

async function boot(root: HTMLElement): Promise<void> {
  const params = new URLSearchParams(window.location.search);
  // `locale` is remembered (document 2, page parameters); `currency` is not.
  const localeParam = params.get("locale");
  if (isLocale(localeParam)) localStorage.setItem(LOCALE_KEY, localeParam);
  const locale = pickLocale(localeParam, localStorage.getItem(LOCALE_KEY), navigator.languages);
  const currencyParam = params.get("currency")?.toLowerCase();
  const currency = isCurrency(currencyParam) ? currencyParam : null;
  document.documentElement.lang = locale;
  document.title = messagesFor(locale).title;

  let current = locale;
  const config = await loadConfig();
  const session = new StoreSession(config, () => current);
  let shown = false;
  const show = (page: ComponentChild) => {
    // The first page replaces the placeholder; later ones are diffed into it by Preact.
    if (!shown) root.textContent = "";
    shown = true;
    render(page, root);
  };
  if (session.isSignedOut()) {
    show(<SignedOutPage t={messagesFor(locale)} onSignIn={() => session.signIn()} />);
    return;
  }
  /**
   * Signs in with idpAuthCustomToken (and strips it from the URL), or leaves for /login; then
   * opens the store only when the consent check said nothing is pending.
   */
  const open = async (): Promise<void> => {
    const started = await session.auth.start();
    if (started === "redirecting") return;
    if (started === "consent-unchecked") {
      show(<ConsentUncheckedPage t={messagesFor(current)} onRetry={() => open().catch(() => showError(root))} />);
      return;
    }
    show(
      <App
        api={new StoreApi(session)}
        config={config}
        initialLocale={current}
        currency={currency}
        onLocaleChange={(next) => {
          current = next;
          localStorage.setItem(LOCALE_KEY, next);
        }}
        onSignOut={() => void session.signOut(appBase.href)}
      />,
    );
  };
  await open();
}

/** The page could not start (its config or the sign-in failed): one line, and no store. */
function showError(root: HTMLElement): void {
  render(null, root);
  root.textContent = messagesFor(pickLocale(null, localStorage.getItem(LOCALE_KEY), navigator.languages)).error;
}

const root = document.getElementById("app") as HTMLElement;
boot(root).catch(() => showError(root));
