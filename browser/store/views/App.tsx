import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import type { StoreClientConfig } from "../../../src/store/api";
import type { Currency } from "../../../src/store/currency";
import { appBase, type Me, type StoreApi } from "../api";
import { failureMessage } from "../failure-message";
import { Formatter, type Locale, messagesFor } from "../i18n";
import { sessionsPageUrl, storeHome } from "../links";
import { Header } from "./Header";
import { ResultPage } from "./ResultPage";
import { ShopPage } from "./ShopPage";
import { Toasts } from "./Toasts";

export interface AppProps {
  api: StoreApi;
  /** Where the sign-in service is: the header links to its list of the account's sessions. */
  config: Pick<StoreClientConfig, "authUrl" | "clientId">;
  initialLocale: Locale;
  currency: Currency | null;
  onLocaleChange(locale: Locale): void;
  onSignOut(): void;
}

/** The page's route, relative to the app's base: "" is the shop, "result" the result page. */
function currentRoute(): string {
  return window.location.pathname.slice(appBase.pathname.length).replace(/\/+$/, "");
}

export function App({ api, config, initialLocale, currency, onLocaleChange, onSignOut }: AppProps) {
  const [locale, setLocale] = useState(initialLocale);
  const [me, setMe] = useState<Me | null>(null);
  /** Why the last /api/me failed; null once one succeeded. */
  const [meFailure, setMeFailure] = useState<unknown>(null);
  const t = messagesFor(locale);
  const format = useMemo(() => new Formatter(locale), [locale]);

  const refreshMe = useCallback(async () => {
    try {
      const fresh = await api.me();
      setMe(fresh);
      setMeFailure(null);
      return fresh;
    } catch (error) {
      setMeFailure(error);
      return null;
    }
  }, [api]);

  useEffect(() => {
    void refreshMe();
  }, [refreshMe]);

  const changeLocale = (next: Locale) => {
    setLocale(next);
    onLocaleChange(next);
    document.documentElement.lang = next;
    document.title = messagesFor(next).title;
    const url = new URL(window.location.href);
    url.searchParams.set("locale", next);
    window.history.replaceState(null, "", url.href);
  };

  const route = currentRoute();
  return (
    <div class="page">
      <Header
        t={t}
        format={format}
        me={me}
        locale={locale}
        sessionsUrl={sessionsPageUrl(config, locale, currency)}
        onLocale={changeLocale}
        onSignOut={onSignOut}
      />
      <main class="content">
        {route === "result" ? (
          <>
            <Toasts>
              {meFailure && !me ? (
                <p class="notice error" data-testid="failure">
                  {failureMessage(t, meFailure, "read")}
                </p>
              ) : null}
            </Toasts>
            <ResultPage api={api} t={t} refreshMe={refreshMe} home={storeHome(locale, currency)} />
          </>
        ) : (
          <ShopPage api={api} t={t} format={format} me={me} meFailure={me ? null : meFailure} currency={currency} />
        )}
      </main>
      <footer class="footer">{t.taxIncluded}</footer>
    </div>
  );
}
