import { urlFor } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { basePageRoutes } from "../../../src/worker-kit/pages/base-page";

/** GET {API_URL}/ for a browser: the backend's one page (product order) and what programs call. */
export const basePageRoute = basePageRoutes<AppEnv>((c) => {
  const backend = c.get("config").apps.backend;
  return {
    lang: "en",
    title: "Main backend",
    intro:
      "Coins, products and published scenarios: the API that the store, the apps and the scenario CLI call, and the operators' page.",
    assetsUrl: urlFor(backend, "/assets"),
    sections: [
      {
        heading: "Pages",
        entries: [
          {
            label: "Product order",
            href: urlFor(backend, "/admin/product-order"),
            note: "The order of the coin store's products, for operators (an account with the admin role).",
          },
        ],
      },
      {
        heading: "For programs",
        entries: [
          {
            label: "GraphQL",
            pattern: `POST ${urlFor(backend, "/graphql")}`,
            note: "The user, the products, the coin balance (over server-sent events or WebSocket), reordering.",
          },
          {
            label: "Payment events",
            pattern: `POST ${urlFor(backend, "/webhook/payprov")}`,
            note: "Signed events from the payment provider.",
          },
          {
            label: "Publishing",
            pattern: `POST ${urlFor(backend, "/code/upload_sessions")}`,
            note: "What npx scenario publish calls, with the ID token of a publish token.",
          },
          { label: "Service status", href: urlFor(backend, "/health"), note: "JSON, for monitoring." },
        ],
      },
    ],
  };
});
