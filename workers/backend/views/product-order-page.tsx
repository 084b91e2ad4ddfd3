import { PRODUCT_ORDER_CONFIG_ID, type ProductOrderPageConfig } from "../../../src/page-configs/product-order";
import { AccountLine } from "../../../src/worker-kit/pages/account-line";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";
import { StatusLine } from "../../../src/worker-kit/pages/status-line";

/**
 * The operator page that orders the web store's products: a server-rendered shell;
 * browser/pages/product-order/ signs in and drives GraphQL (productList,
 * reorderConsumableProducts).
 */
export function ProductOrderPage(props: { assetsUrl: string; pageConfig: ProductOrderPageConfig }) {
  return (
    <PageShell
      lang="en"
      title="Store product order"
      assetsUrl={props.assetsUrl}
      stylesheet="product-order.css"
      config={{ id: PRODUCT_ORDER_CONFIG_ID, value: props.pageConfig }}
      script={{ file: "product-order.js", module: true }}
    >
      <main>
        <h1>Store product order</h1>
        <AccountLine logoutUrl={props.pageConfig.logoutUrl} />
        {/* Shown once the account is an operator's: an account without the admin role sees only why not. */}
        <p id="intro" hidden>
          The coin store lists its products in this order. Changes are saved at once.
        </p>
        <p id="reorder-help" hidden>
          Drag a product to its place, or with the keyboard: focus a product, press Space to pick it up, the up and down
          arrow keys to move it, Space to drop it (Escape cancels).
        </p>
        <StatusLine notice="Signing in…" />
        <ol id="products" aria-label="Store products" aria-describedby="reorder-help" hidden />
        <p id="live" class="visually-hidden" aria-live="assertive" aria-atomic="true" />
        <noscript>This page needs JavaScript.</noscript>
      </main>
    </PageShell>
  );
}
