import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../platform";
import { LOGIN_CONFIG_ID, type LoginPageConfig } from "../../src/page-configs/login";
import { AUTH, IDP } from "./auth-support";
import { hostedBindings, hostedFetch } from "./hosted-build";

// What the login page loads and offers differs by environment: Google's reCAPTCHA and nothing of
// dev in stg and prd; the dev IdP's reCAPTCHA stand-in and its seeded accounts in dev.

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

// Left over from dev by mistake: the stg/prd build has no stand-in, so nothing of them shows.
const hosted = (environment: "stg" | "prd") => hostedBindings(environment, { IDP_URL: env.IDP_URL });

async function loginPage(bindings: Env, authUrl: string, target: string, clientId = "admin") {
  const url = `${authUrl}/login?${new URLSearchParams({ redirect_uri: target, client_id: clientId })}`;
  // The dev build for dev; what stg and prd deploy for them.
  const res = bindings === env ? await worker.fetch(new Request(url), bindings, ctx) : await hostedFetch(bindings, url);
  expect(res.status).toBe(200);
  const page = await res.text();
  const json = new RegExp(`<script type="application/json" id="${LOGIN_CONFIG_ID}">(.*?)</script>`).exec(page)?.[1];
  return {
    page,
    config: JSON.parse(json ?? "null") as LoginPageConfig,
    directives: new Map(
      (res.headers.get("content-security-policy") ?? "").split("; ").map((directive) => {
        const [name = "", ...sources] = directive.split(" ");
        return [name, sources] as const;
      }),
    ),
  };
}

describe("the login page in stg and prd", () => {
  it.each(["stg", "prd"] as const)(
    "%s: Google's reCAPTCHA with the environment's site key, CSP for exactly what it needs, no dev account",
    async (environment) => {
      const bindings = hosted(environment);
      const { page, config, directives } = await loginPage(bindings, bindings.AUTH_URL, `${bindings.STORE_URL}/coins`);
      expect(config.recaptcha).toEqual({
        siteKey: `6Lc-${environment}-site-key`,
        scriptUrl: "https://www.google.com/recaptcha/api.js",
      });
      expect(directives.get("script-src")).toEqual([
        "'self'",
        "https://www.google.com/recaptcha/",
        "https://www.gstatic.com/recaptcha/",
      ]);
      expect(directives.get("frame-src")).toEqual([
        "https://www.google.com/recaptcha/",
        "https://recaptcha.google.com/recaptcha/",
      ]);
      expect(directives.get("connect-src")).toEqual(["'self'", "https://identitytoolkit.googleapis.com"]);
      // Nothing of the dev account picker: no section, no password, no seeded address.
      expect(config.devAccounts).toBeNull();
      expect(page).not.toContain("dev-account");
      expect(page).not.toContain("Dev accounts");
      expect(page).not.toContain("dev-password");
      expect(page).not.toContain("@example.com");
    },
  );

  it.each(["stg", "prd"] as const)("%s: no client's login page offers a dev account", async (environment) => {
    const bindings = hosted(environment);
    for (const clientId of ["admin", "studio", "store", "play", "venue-admin", "mobile"]) {
      const { page, config } = await loginPage(bindings, bindings.AUTH_URL, `${bindings.STORE_URL}/coins`, clientId);
      expect(config.clientId).toBe(clientId);
      expect(config.devAccounts).toBeNull();
      expect(page).not.toContain("Dev accounts");
      expect(page).not.toContain("dev-password");
    }
  });
});

describe("the login page in dev", () => {
  it("loads the dev IdP's reCAPTCHA stand-in (its script and frame, no Google host) and offers the seeded accounts", async () => {
    const { page, config, directives } = await loginPage(env, AUTH, "http://localhost:3000/after");
    expect(config.recaptcha).toEqual({ siteKey: "dev-recaptcha-site-key", scriptUrl: `${IDP}/recaptcha/api.js` });
    expect(directives.get("script-src")).toEqual(["'self'", `${IDP}/recaptcha/`]);
    // The stand-in checks in its frame ({IDP_URL}/recaptcha/frame), as Google's widget does.
    expect(directives.get("frame-src")).toEqual([`${IDP}/recaptcha/`]);
    expect(directives.get("connect-src")).toEqual(["'self'", new URL(IDP).origin]);
    expect(page).not.toContain("google.com/recaptcha");

    expect(config.devAccounts).toEqual({
      password: "dev-password",
      emails: ["user@example.com", "admin@example.com", "premium@example.com"],
    });
    for (const email of config.devAccounts?.emails ?? []) {
      expect(page).toContain(`data-dev-account="${email}"`);
      expect(page).toContain(`Sign in as ${email}`);
    }
  });
});
