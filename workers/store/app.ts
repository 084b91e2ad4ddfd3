import { Hono } from "hono";
import { createApp } from "../../src/worker-kit/create-app";
import { bodyLimited } from "../../src/worker-kit/input";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { graphqlBackendFor } from "./backend-client";
import { paymentsFor } from "./payments";
import { checkoutRoutes } from "./routes/checkout";
import { configRoutes } from "./routes/client-config";
import { meRoutes } from "./routes/me";
import { productRoutes } from "./routes/products";
import { sessionStatusRoutes } from "./routes/session-status";
import { spaRoutes } from "./routes/spa";
import { type StoreDeps, type StoreEnv, storeServices } from "./store-env";

/** The store's bodies are a user id and a product id; anything larger is refused unread. */
const MAX_BODY_BYTES = 4 * 1024;

const DEFAULT_DEPS: StoreDeps = {
  identityProvider: identityProviderFor,
  backend: graphqlBackendFor,
  payments: paymentsFor,
};

/** Browser coin store (document 2): checkout, session status, products, the user, the SPA. */
export function createStoreApp(deps: Partial<StoreDeps> = {}) {
  const routes = new Hono<StoreEnv>()
    .use("/api/*", bodyLimited(MAX_BODY_BYTES))
    .use("/api/*", storeServices({ ...DEFAULT_DEPS, ...deps }))
    .route("/", configRoutes)
    .route("/", productRoutes)
    .route("/", meRoutes)
    .route("/", checkoutRoutes)
    .route("/", sessionStatusRoutes)
    .route("/", spaRoutes);
  return createApp("store").route("/", routes);
}
