import { render } from "preact";
import { isCurrency } from "../../src/store/currency";
import { appBase, loadConfig, StoreApi } from "./api";
import { isLocale, messagesFor, pickLocale } from "./i18n";
import { StoreSession } from "./session";
import { App } from "./views/App";
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
  const session = new StoreSession(await loadConfig(), () => current);
  if (session.isSignedOut()) {
    root.textContent = "";
    render(<SignedOutPage t={messagesFor(locale)} onSignIn={() => session.signIn()} />, root);
    return;
  }
  // Signs in with idpAuthCustomToken (and strips it from the URL), or leaves for /login.
  if ((await session.auth.start()) === "redirecting") return;
  root.textContent = "";
  render(
    <App
      api={new StoreApi(session)}
      initialLocale={locale}
      currency={currency}
      onLocaleChange={(next) => {
        current = next;
        localStorage.setItem(LOCALE_KEY, next);
      }}
      onSignOut={() => void session.signOut(appBase.href)}
    />,
    root,
  );
}

const root = document.getElementById("app") as HTMLElement;
boot(root).catch(() => {
  root.textContent = messagesFor(pickLocale(null, localStorage.getItem(LOCALE_KEY), navigator.languages)).error;
});
