import { pageHtml, StandInPage } from "../../../src/worker-kit/pages/page-shell";
import type { CheckoutSessionObject } from "../objects";
import type { DeliverySettings } from "../store";

/** Two-decimal currencies among the store's (JPY and KRW have none). */
const TWO_DECIMALS = new Set(["twd", "hkd", "usd", "eur"]);

export function formatAmount(minorUnits: number, currency: string): string {
  const major = TWO_DECIMALS.has(currency) ? (minorUnits / 100).toFixed(2) : String(minorUnits);
  return `${major} ${currency.toUpperCase()}`;
}

/**
 * The stand-in's hosted checkout page: what the buyer pays, Pay and Cancel, and (dev only) how
 * the resulting events reach the webhook: copies per event, order, hold for a later flush.
 */
export function checkoutPage(props: {
  session: CheckoutSessionObject;
  settings: DeliverySettings;
  productName: string;
}) {
  const { session, settings } = props;
  return pageHtml(
    <StandInPage
      title="Dev checkout"
      style={`body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin-right:.5rem}fieldset{margin:1.5rem 0}label{display:block;margin:.4rem 0}`}
    >
      <h1>Payment stand-in</h1>
      <p>Local stand-in of the payment provider (dev only). No card is charged.</p>
      <p>
        <strong data-testid="product">{props.productName}</strong>
        <br />
        <span data-testid="amount">{formatAmount(session.amount_total, session.currency)}</span> (tax included)
      </p>
      <p>
        Checkout locale (Stripe would show its page in it): <code data-testid="locale">{session.locale ?? "auto"}</code>
      </p>
      {session.status === "open" ? (
        <form method="post">
          <button type="submit" name="action" value="pay">
            Pay
          </button>
          {session.cancel_url ? (
            <button type="submit" name="action" value="cancel" formnovalidate>
              Cancel
            </button>
          ) : null}
          <fieldset>
            <legend>Event delivery (dev)</legend>
            <label>
              Copies of each event{" "}
              <input type="number" name="duplicates" min="1" max="50" value={String(settings.duplicates)} />
            </label>
            <label>
              <input type="checkbox" name="reversed" value="1" checked={settings.order === "reversed"} /> Send events
              last first
            </label>
            <label>
              <input type="checkbox" name="hold" value="1" checked={settings.mode === "hold"} /> Hold events until POST
              /dev/events/flush
            </label>
          </fieldset>
        </form>
      ) : (
        <p data-testid="status">This checkout is {session.status}.</p>
      )}
    </StandInPage>,
  );
}
