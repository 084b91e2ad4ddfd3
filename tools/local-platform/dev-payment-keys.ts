/**
 * Payment secrets of dev and tests, made on this machine and never committed: STRIPE_SECRET_KEY
 * (the key the Stripe client sends to the payment stand-in, which accepts only it) and
 * STRIPE_WEBHOOK_SECRET (the stand-in signs its events with it, the backend webhook verifies with
 * it). `npm run dev` writes them to .dev.vars; vitest.config.ts and tools/local-platform/local-platform.ts
 * make fresh ones.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { devVarsNames } from "./dev-idp-keys.ts";

export const DEV_PAYMENT_SECRET_NAMES = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
export type DevPaymentSecrets = Record<(typeof DEV_PAYMENT_SECRET_NAMES)[number], string>;

export function generateDevPaymentSecrets(): DevPaymentSecrets {
  return {
    STRIPE_SECRET_KEY: `sk_test_dev_${randomBytes(24).toString("base64url")}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
  };
}

/** Adds the payment secrets that .dev.vars lacks; never replaces one. Returns the names it added. */
export function ensureDevPaymentSecrets(devVarsPath: string): string[] {
  const text = existsSync(devVarsPath) ? readFileSync(devVarsPath, "utf8") : "";
  const present = devVarsNames(text);
  const missing = DEV_PAYMENT_SECRET_NAMES.filter((name) => !present.has(name));
  if (missing.length === 0) return [];
  const secrets = generateDevPaymentSecrets();
  const lines = missing.map((name) => `${name}='${secrets[name]}'`);
  const separator = text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileSync(devVarsPath, `${text}${separator}${lines.join("\n")}\n`, { mode: 0o600 });
  return missing;
}
