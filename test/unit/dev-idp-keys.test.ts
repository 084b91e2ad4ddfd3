import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config";
import { ensureDevIdpSecrets, generateDevIdpSecrets } from "../../tools/local-platform/dev-idp-keys.ts";

function devVarsFile(content?: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dev-vars-")), ".dev.vars");
  if (content !== undefined) writeFileSync(file, content);
  return file;
}

describe("dev IdP keys in .dev.vars", () => {
  it("creates .dev.vars with both secrets, readable back as the JSON they are", () => {
    const file = devVarsFile();
    expect(ensureDevIdpSecrets(file, "edge-platform-dev")).toEqual([
      "IDP_SERVICE_ACCOUNT",
      "IDP_DEV_SIGNING_KEY",
      "ROOM_TICKET_SECRET",
    ]);
    const vars = parseEnv(readFileSync(file, "utf8"));
    const serviceAccount = JSON.parse(vars.IDP_SERVICE_ACCOUNT ?? "");
    expect(serviceAccount.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(JSON.parse(vars.IDP_DEV_SIGNING_KEY ?? "")).toMatchObject({ kty: "RSA", alg: "RS256" });
  });

  it("keeps other entries and never replaces a secret that is already there", () => {
    const file = devVarsFile("STRIPE_SECRET_KEY=sk_test_x\nIDP_SERVICE_ACCOUNT='kept'");
    expect(ensureDevIdpSecrets(file, "edge-platform-dev")).toEqual(["IDP_DEV_SIGNING_KEY", "ROOM_TICKET_SECRET"]);
    expect(ensureDevIdpSecrets(file, "edge-platform-dev")).toEqual([]);
    const vars = parseEnv(readFileSync(file, "utf8"));
    expect(vars.STRIPE_SECRET_KEY).toBe("sk_test_x");
    expect(vars.IDP_SERVICE_ACCOUNT).toBe("kept");
    expect(vars.IDP_DEV_SIGNING_KEY).toContain('"kid"');
  });

  it("makes a service account the platform's config accepts, different every time", () => {
    const first = generateDevIdpSecrets("edge-platform-dev");
    const second = generateDevIdpSecrets("edge-platform-dev");
    expect(first.IDP_SERVICE_ACCOUNT).not.toBe(second.IDP_SERVICE_ACCOUNT);
    const config = parseConfig({
      ENVIRONMENT: "prd",
      AUTH_URL: "https://auth.example.com",
      STORE_URL: "https://store.example.com",
      API_URL: "https://api.example.com",
      ROOMS_URL: "https://rooms.example.com",
      AUTH_DOMAIN: "auth.example.com",
      AUTH_OPERATOR_DOMAINS: "example.com",
      AUTH_MOBILE_SCHEME: "com.example.game",
      AUTH_SOCIAL_PROVIDERS: "google.com",
      IDP_PROJECT_ID: "edge-platform-dev",
      IDP_API_KEY: "k",
      IDP_API_URL: "https://idp.example",
      IDP_TOKEN_URL: "https://idp.example",
      IDP_JWKS_URL: "https://idp.example/jwks",
      IDP_RECAPTCHA_SITE_KEY: "dev-recaptcha-site-key",
      IDP_SERVICE_ACCOUNT: first.IDP_SERVICE_ACCOUNT,
      STRIPE_API_URL: "https://api.stripe.com",
    });
    expect(config.idp.serviceAccount.clientEmail).toBe("dev-idp@edge-platform-dev.iam.gserviceaccount.com");
  });
});
