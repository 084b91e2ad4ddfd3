import { urlFor } from "../../../src/base-url";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { basePageRoutes } from "../../../src/worker-kit/pages/base-page";
import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";

/**
 * GET {PAYMENTS_URL}/ for a browser: what the stand-in is, where a person meets its checkout page
 * (the store's Buy), and its API. GET /assets/*: the page kit's files.
 */
export const basePageRoute = basePageRoutes<AppEnv>((c) => {
  const config = c.get("config");
  const payments = config.apps["dev-payments"];
  if (!payments) throw new Error("the payment stand-in's base page is served only where it is mounted");
  return {
    lang: "en",
    title: "Payment provider stand-in (dev only)",
    intro:
      "Stands in for Stripe on this machine, offline: the store's checkout is paid here, with no card and no account, and its events reach the backend's webhook signed as Stripe signs them.",
    assetsUrl: urlFor(payments, "/assets"),
    sections: [
      {
        heading: "Pages",
        entries: [
          {
            label: "Coin store",
            href: urlFor(config.apps.store, "/"),
            note: "Buy a product there: it opens this stand-in's checkout page.",
          },
          {
            label: "Checkout page",
            pattern: urlFor(payments, "/checkout/{sessionId}"),
            note: "Pay or Cancel, and how the events of the payment are delivered (copies, order, hold).",
          },
        ],
      },
      {
        heading: "For programs",
        entries: [
          {
            label: "Events",
            href: urlFor(payments, "/dev/events"),
            note: "JSON: the delivery settings, the held and queued events, and every delivery with its answer.",
          },
          {
            label: "Stripe API",
            pattern: urlFor(payments, "/v1/…"),
            note: "Prices, checkout sessions, payment intents, refunds and disputes, as the platform calls them.",
          },
          { label: "Service status", href: urlFor(payments, "/health"), note: "JSON, for monitoring." },
        ],
      },
    ],
  };
}).route("/", pageAssetRoutes("payments"));
