/** What public/backend/product-order.js needs: where to sign in, the GraphQL endpoint, which list. */
export interface ProductOrderBrowserConfig {
  idpApiUrl: string;
  idpApiKey: string;
  /** {API_URL}/graphql */
  graphqlUrl: string;
  /** /login of the sign-in service with client_id=admin and this page as redirect_uri. */
  loginUrl: string;
  store: "WEB";
}

/**
 * The operator page that orders the web store's products: a server-rendered shell;
 * public/backend/product-order.js signs in and drives GraphQL (productList,
 * reorderConsumableProducts).
 */
export function ProductOrderPage(props: { assetsUrl: string; browserConfig: ProductOrderBrowserConfig }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>Store product order</title>
        <link rel="stylesheet" href={`${props.assetsUrl}/product-order.css`} />
        <script
          type="application/json"
          id="product-order-config"
          dangerouslySetInnerHTML={{ __html: jsonForScript(props.browserConfig) }}
        />
        <script type="module" src={`${props.assetsUrl}/product-order.js`} />
      </head>
      <body>
        <main>
          <h1>Store product order</h1>
          <p id="intro">The coin store lists its products in this order. Changes are saved at once.</p>
          <p id="reorder-help">
            Drag a product to its place, or with the keyboard: focus a product, press Space to pick it up, the up and
            down arrow keys to move it, Space to drop it (Escape cancels).
          </p>
          <p id="status" class="status">
            Signing in…
          </p>
          <p id="error" role="alert" class="error" />
          <ol id="products" aria-label="Store products" aria-describedby="reorder-help" hidden />
          <p id="live" class="visually-hidden" aria-live="assertive" aria-atomic="true" />
          <noscript>This page needs JavaScript.</noscript>
        </main>
      </body>
    </html>
  );
}

function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
