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
});
