import { env } from "cloudflare:workers";
import production from "../../platform/production";

/**
 * The stg/prd build (platform/production.ts) as the tests call it: the test run's bindings with
 * the vars of a hosted environment, where every app has a host of its own.
 */
export function hostedBindings(environment: "stg" | "prd", overrides: Record<string, string> = {}): Env {
  const prefix = environment === "stg" ? "stg." : "";
  return {
    ...env,
    ENVIRONMENT: environment,
    AUTH_URL: `https://${prefix}auth.example.com`,
    AUTH_DOMAIN: `${prefix}auth.example.com`,
    STORE_URL: `https://${prefix}store.example.com`,
    API_URL: `https://${prefix}api.example.com`,
    ROOMS_URL: `https://${prefix}rooms.example.com`,
    IDP_URL: "",
    PAYMENTS_URL: "",
    PAYMENTS_WEBHOOK_URL: "",
    AUTH_PREVIEW_DOMAINS: "",
    IDP_API_URL: "https://identitytoolkit.googleapis.com",
    IDP_TOKEN_URL: "https://securetoken.googleapis.com",
    STRIPE_API_URL: "https://api.stripe.com",
    IDP_API_KEY: `${environment}-web-api-key`,
    IDP_RECAPTCHA_SITE_KEY: `6Lc-${environment}-site-key`,
    ...overrides,
  } as Env;
}

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** One request to the stg/prd build with those bindings. */
export function hostedFetch(bindings: Env, url: string, init?: RequestInit): Promise<Response> {
  return production.fetch(new Request(url, init), bindings, ctx);
}
