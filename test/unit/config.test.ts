import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config";

const devVars = {
  ENVIRONMENT: "dev",
  AUTH_URL: "http://localhost:8787/auth",
  STORE_URL: "http://localhost:8787/store",
  API_URL: "http://localhost:8787/backend",
  ROOMS_URL: "http://localhost:8787/rooms",
  IDP_URL: "http://localhost:8787/idp",
  PAYMENTS_URL: "http://localhost:8787/payments",
  STRIPE_API_URL: "http://localhost:8787/payments",
  AUTH_DOMAIN: "",
  AUTH_OPERATOR_DOMAINS: "example.com",
  AUTH_MOBILE_SCHEME: "com.example.game.dev",
  AUTH_PREVIEW_DOMAINS: "edge-platform.pages.dev",
  AUTH_SOCIAL_PROVIDERS: "google.com,apple.com",
  IDP_PROJECT_ID: "edge-platform-dev",
  IDP_API_KEY: "dev-api-key",
  IDP_API_URL: "http://localhost:8787/idp",
  IDP_TOKEN_URL: "http://localhost:8787/idp",
  IDP_JWKS_URL: "http://localhost:8787/idp/jwks",
  IDP_RECAPTCHA_SITE_KEY: "dev-recaptcha-site-key",
  IDP_SERVICE_ACCOUNT: JSON.stringify({
    client_email: "dev-idp@edge-platform-dev.iam.gserviceaccount.com",
    private_key: "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n",
  }),
};

/** A prd config as an operator writes it: every value filled in. */
const prdVars = {
  ...devVars,
  ENVIRONMENT: "prd",
  AUTH_URL: "https://auth.example.com",
  STORE_URL: "https://store.example.com",
  API_URL: "https://api.example.com",
  ROOMS_URL: "https://rooms.example.com",
  IDP_URL: "",
  PAYMENTS_URL: "",
  PAYMENTS_WEBHOOK_URL: "",
  STRIPE_API_URL: "https://api.stripe.com",
  AUTH_DOMAIN: "auth.example.com",
  AUTH_MOBILE_SCHEME: "com.example.game",
  AUTH_PREVIEW_DOMAINS: "",
  IDP_PROJECT_ID: "example-game-prd",
  IDP_API_KEY: "AIzaSyPrdWebApiKey",
  IDP_API_URL: "https://identitytoolkit.googleapis.com",
  IDP_TOKEN_URL: "https://securetoken.googleapis.com",
  IDP_JWKS_URL: "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
  IDP_RECAPTCHA_SITE_KEY: "6LcPrdSiteKey",
  ROOM_TICKETS: "required",
  ROOM_TICKET_SECRET: "t".repeat(32),
};

function problemsOf(vars: Record<string, unknown>) {
  try {
    parseConfig(vars);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("parseConfig", () => {
  it("builds the app table of a dev config, stand-ins included", () => {
    const config = parseConfig(devVars);
    expect(config.environment).toBe("dev");
    expect(config.apps.backend).toEqual({ origin: "http://localhost:8787", path: "/backend" });
    expect(Object.keys(config.apps).sort()).toEqual(["auth", "backend", "dev-idp", "dev-payments", "rooms", "store"]);
  });

  it("never mounts the dev stand-ins outside dev, even when their URLs are set", () => {
    const config = parseConfig({ ...devVars, ENVIRONMENT: "prd" });
    expect(config.apps["dev-idp"]).toBeUndefined();
    expect(config.apps["dev-payments"]).toBeUndefined();
  });

  it("names a missing variable", () => {
    const { STORE_URL: _, ...vars } = devVars;
    const error = problemsOf(vars);
    expect(error.problems).toEqual([{ variable: "STORE_URL", message: "is missing" }]);
    expect(error.message).toContain("STORE_URL is missing");
  });

  it("names a malformed URL and says why", () => {
    const error = problemsOf({ ...devVars, ROOMS_URL: "rooms.example.com" });
    expect(error.problems[0]?.variable).toBe("ROOMS_URL");
    expect(error.message).toMatch(/ROOMS_URL is not an absolute URL/);
  });

  it("refuses an unknown ENVIRONMENT", () => {
    const error = problemsOf({ ...devVars, ENVIRONMENT: "production" });
    expect(error.problems[0]?.variable).toBe("ENVIRONMENT");
  });

  it("requires the stand-in URLs in dev", () => {
    const { IDP_URL: _, ...vars } = devVars;
    const error = problemsOf(vars);
    expect(error.problems).toEqual([{ variable: "IDP_URL", message: "is required when ENVIRONMENT is dev" }]);
    expect(problemsOf({ ...devVars, PAYMENTS_URL: "" }).problems).toEqual([
      { variable: "PAYMENTS_URL", message: "is required when ENVIRONMENT is dev" },
    ]);
  });

  it("takes the empty stand-in URLs of stg and prd as absent", () => {
    const config = parseConfig({
      ...devVars,
      ENVIRONMENT: "stg",
      IDP_URL: "",
      PAYMENTS_URL: "",
      AUTH_PREVIEW_DOMAINS: "",
    });
    expect(Object.keys(config.apps).sort()).toEqual(["auth", "backend", "rooms", "store"]);
  });

  it("reports every bad variable at once", () => {
    const error = problemsOf({ ...devVars, AUTH_URL: 42, API_URL: undefined });
    expect(error.problems.map((p) => p.variable).sort()).toEqual(["API_URL", "AUTH_URL"]);
  });

  it("takes a prd config with every value filled in", () => {
    expect(parseConfig(prdVars).environment).toBe("prd");
  });

  it("takes AUTH_DOMAIN only as AUTH_URL's host (the session cookie's Domain), or empty", () => {
    expect(parseConfig(prdVars).auth.cookieDomain).toBe("auth.example.com");
    expect(parseConfig({ ...prdVars, AUTH_DOMAIN: "" }).auth.cookieDomain).toBeNull();
    // The parent domain would send the cookie to every product host; another host, nowhere.
    for (const domain of ["example.com", "stg.auth.example.com", "login.example.com"]) {
      expect(problemsOf({ ...prdVars, AUTH_DOMAIN: domain }).problems).toEqual([
        {
          variable: "AUTH_DOMAIN",
          message: "must be the host of AUTH_URL (auth.example.com), or empty for a host-only cookie",
        },
      ]);
    }
  });

  it.each(["IDP_API_KEY", "IDP_RECAPTCHA_SITE_KEY"])(
    "refuses a REPLACE_WITH_ placeholder in %s, naming it once, though the value has the var's shape",
    (variable) => {
      const error = problemsOf({ ...prdVars, [variable]: "REPLACE_WITH_PRD_VALUE" });
      expect(error.problems).toEqual([{ variable, message: expect.stringContaining("is a placeholder") }]);
      expect(error.message).toContain(`${variable} is a placeholder`);
    },
  );

  it("refuses a placeholder in any var, one the schema does not know included, and names each", () => {
    const error = problemsOf({
      ...prdVars,
      IDP_API_KEY: "REPLACE_WITH_PRD_WEB_API_KEY",
      AUTH_URL: "https://REPLACE_WITH_AUTH_HOST",
      OPS_WEBHOOK_URL: "REPLACE_WITH_OPS_HOOK",
      STORE_URL: "store.example.com",
    });
    expect(error.problems.map((p) => p.variable).sort()).toEqual([
      "AUTH_URL",
      "IDP_API_KEY",
      "OPS_WEBHOOK_URL",
      "STORE_URL",
    ]);
  });

  // Every var a prd Worker cannot do without; the others may be empty (no preview domains, a
  // closed egress network, no social buttons, no stand-in).
  it.each([
    "ENVIRONMENT",
    "AUTH_URL",
    "STORE_URL",
    "API_URL",
    "ROOMS_URL",
    "STRIPE_API_URL",
    "AUTH_OPERATOR_DOMAINS",
    "AUTH_MOBILE_SCHEME",
    "IDP_PROJECT_ID",
    "IDP_API_KEY",
    "IDP_API_URL",
    "IDP_TOKEN_URL",
    "IDP_JWKS_URL",
    "IDP_RECAPTCHA_SITE_KEY",
    "IDP_SERVICE_ACCOUNT",
    "ROOM_TICKET_SECRET",
  ])("refuses an empty or blank %s, naming it", (variable) => {
    for (const blank of ["", "   "]) {
      expect(problemsOf({ ...prdVars, [variable]: blank }).problems.map((p) => p.variable)).toContain(variable);
    }
  });
});
