import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import { signedInPage } from "../../../src/worker-kit/pages/signed-in-page";
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
    const backend = c.get("config").apps.backend;
    const assetsUrl = urlFor(backend, "/assets");
    const signedIn = signedInPage(c, {
      clientId: PAGE_CLIENT_ID,
      pageUrl: urlFor(backend, "/admin/product-order"),
      assetsUrl,
    });
    const pageConfig = { ...signedIn, graphqlUrl: urlFor(backend, "/graphql"), store: "WEB" as const };
    return c.html(pageHtml(<ProductOrderPage assetsUrl={assetsUrl} pageConfig={pageConfig} />));
  })
  .route("/", pageAssetRoutes("backend"));
