import type { BaseUrl } from "../base-url";

/**
 * Payment secrets of this environment (wrangler secrets STRIPE_SECRET_KEY and
 * STRIPE_WEBHOOK_SECRET). They are read apart from the zod config on purpose: a missing key must
 * not take the whole Worker down, only make webhooks answer 400 and grant nothing (document 2,
 * Authentication 5).
 */
export interface PaymentsConfig {
  readonly secretKey: string | null;
  readonly webhookSecret: string | null;
}

export function paymentsConfigFrom(env: {
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
}): PaymentsConfig {
  return {
    secretKey: nonEmpty(env.STRIPE_SECRET_KEY),
    webhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
  };
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Stripe's host/port/protocol options for a base URL (STRIPE_API_URL's origin). */
export function apiOptionsFor(base: BaseUrl): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(base.origin);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}
