import type Stripe from "stripe";

/**
 * The Stripe API version every request of the platform names (the client's `apiVersion`, sent as
 * the `Stripe-Version` header): the version the pinned stripe package's types describe, so what
 * `tsc` accepts is what this version takes. Typed by the package's own literal: a package pinned
 * to another version fails `npm run typecheck` on this line, and
 * test/unit/stripe-api-version.test.ts fails at run time, until the upgrade is decided and
 * recorded (docs/decisions/0118-stripes-contract-the-pinned-api-version.md, "Stripe's contract: the pinned API version").
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = "2026-10-28.endive";
