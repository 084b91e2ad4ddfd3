import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import type { AppEnv } from "../../shared/app-env";
import { ApiError } from "../../shared/errors";
import { prepareSignedInPage } from "../../shared/signed-in-page";
import { ProductOrderPage } from "../views/product-order-page";

/** The client the page signs in as: the platform's operators use the admin console. */
const PAGE_CLIENT_ID = "admin";
const ASSET_PATH = /^[a-z0-9-]+\.(js|css)$/;

/**
 * GET /admin/product-order: the operator page ordering the web store's products. It gets the
 * user's ID token like any web client (through /login, straight back when an SSO session
 * exists) and calls only this app's GraphQL endpoint with it; the server checks the admin claim
 * on every reorder. GET /assets/*: its script and stylesheet (public/backend/).
 */
export const productOrderPageRoutes = new Hono<AppEnv>()
  .get("/admin/product-order", (c) => {
    const config = c.get("config");
    const page = urlFor(config.apps.backend, "/admin/product-order");
    const loginUrl = prepareSignedInPage(c, PAGE_CLIENT_ID, page);
    return c.html(
      "<!doctype html>" +
        (
          <ProductOrderPage
            assetsUrl={urlFor(config.apps.backend, "/assets")}
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
  .get("/assets/:file", async (c) => {
    const file = c.req.param("file");
    if (!ASSET_PATH.test(file)) throw new ApiError(404, "not_found", "No such asset.");
    const response = await c.env.ASSETS.fetch(new Request(`https://assets.local/backend/${file}`));
    if (response.status !== 200) throw new ApiError(404, "not_found", "No such asset.");
    return response;
  });
