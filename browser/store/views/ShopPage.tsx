import { useEffect, useState } from "preact/hooks";
import { bonusCoins } from "../../../src/ledger/rules";
import type { Currency } from "../../../src/store/currency";
import type { Me, Product, StoreApi } from "../api";
import { type FailedCall, failureMessage } from "../failure-message";
import type { Formatter, Messages } from "../i18n";
import { Toasts } from "./Toasts";

interface ShopPageProps {
  api: StoreApi;
  t: Messages;
  format: Formatter;
  me: Me | null;
  /** Why /api/me failed (the account, and buying, are unavailable); null when it did not. */
  meFailure: unknown;
  currency: Currency | null;
}

/**
 * The products with their prices and Buy buttons. A cancelled checkout's note stands above them;
 * messages that come later (a failure) float over the bottom of the window (Toasts).
 */
export function ShopPage({ api, t, format, me, meFailure, currency }: ShopPageProps) {
  const [products, setProducts] = useState<Product[] | null>(null);
  // Kept as the error, not its text, so a change of language translates the message too.
  const [failure, setFailure] = useState<{ error: unknown; call: FailedCall } | null>(null);
  const [buying, setBuying] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(
    () => new URLSearchParams(window.location.search).get("checkout") === "cancelled",
  );

  /** Closes the cancelled note and drops it from the URL, so a reload does not show it again. */
  const dismissCancelled = () => {
    setCancelled(false);
    const url = new URL(window.location.href);
    url.searchParams.delete("checkout");
    window.history.replaceState(null, "", url.href);
  };

  const load = () => {
    setFailure(null);
    api.products(currency).then(
      (list) => setProducts(list.products),
      (error: unknown) => setFailure({ error, call: "read" }),
    );
  };
  useEffect(load, [api, currency]);

  const buy = async (product: Product) => {
    if (!me) return;
    setBuying(product.productId);
    setFailure(null);
    try {
      window.location.assign(await api.checkout(me.user.id, product.productId, currency, format.locale));
    } catch (error) {
      setBuying(null);
      setFailure({ error, call: "checkout" });
    }
  };

  return (
    <section>
      {/* Known from the address before the first paint, so it sits above the products and covers none. */}
      {cancelled ? (
        <p class="notice cancelled" data-testid="cancelled">
          {t.cancelled}{" "}
          <button type="button" class="link-button" onClick={dismissCancelled}>
            {t.dismiss}
          </button>
        </p>
      ) : null}
      <Toasts>
        {meFailure && !failure ? (
          <p class="notice error" data-testid="failure">
            {failureMessage(t, meFailure, "read")}
          </p>
        ) : null}
        {failure ? (
          <p class="notice error" data-testid="failure">
            {failureMessage(t, failure.error, failure.call)}{" "}
            <button type="button" class="link-button" onClick={load}>
              {t.retry}
            </button>
          </p>
        ) : null}
      </Toasts>
      {products === null && !failure ? <p class="loading">{t.loading}</p> : null}
      {products?.length === 0 ? <p class="notice">{t.noProducts}</p> : null}
      <ul class="products">
        {(products ?? []).map((product) => (
          <li key={product.productId} class="product" data-product={product.productId}>
            <p class="coins">{format.plural(t.coins, product.coins)}</p>
            {me && bonusCoins(product.coins, product.bonusRate, me.premium) > 0 ? (
              <p class="bonus">
                {format.plural(t.bonusCoins, bonusCoins(product.coins, product.bonusRate, me.premium))}
              </p>
            ) : null}
            <p class="price" data-currency={product.price.currency}>
              {format.price(product.price.amount, product.price.currency)}
            </p>
            <button
              type="button"
              class="buy"
              disabled={!me || buying !== null}
              onClick={() => void buy(product)}
              aria-label={`${t.buy}: ${format.plural(t.coins, product.coins)}`}
            >
              {buying === product.productId ? t.redirecting : t.buy}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
