import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";
import { prepareSignedInPage } from "../../../src/worker-kit/pages/signed-in-page";
import { ProductOrderPage } from "../views/product-order-page";

/** The client the page signs in as: the platform's operators use the admin console. */
const PAGE_CLIENT_ID = "admin";

/**
 * GET /admin/product-order: the operator page ordering the web store's products. It gets the
 * user's ID token like any web client (through /login, straight back when an SSO session
 * exists) and calls only this app's GraphQL endpoint with it; the server checks the admin claim
 * on every reorder. GET /assets/*: its script and stylesheet (public/backend/).
 */
export const productOrderPageRoutes = new Hono<AppEnv>()
  .get("/admin/product-order", (c) => {
    const config = c.get("config");
    const assetsUrl = urlFor(config.apps.backend, "/assets");
    const loginUrl = prepareSignedInPage(c, {
      clientId: PAGE_CLIENT_ID,
      pageUrl: urlFor(config.apps.backend, "/admin/product-order"),
      assetsUrl,
    });
    return c.html(
      "<!doctype html>" +
        (
          <ProductOrderPage
            assetsUrl={assetsUrl}
            browserConfig={{
              idpApiUrl: config.idp.apiUrl,
              idpApiKey: config.idp.apiKey,
              graphqlUrl: urlFor(config.apps.backend, "/graphql"),
              loginUrl,
              store: "WEB",
            }}
          />
        ).toString(),
    );
  })
  .route("/", pageAssetRoutes("backend"));
