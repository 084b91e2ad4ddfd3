import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config";
import { idpVarsSchema } from "../../src/config/idp";

const SECRET_PEM =
  "-----BEGIN PRIVATE KEY-----\nTUlJRXZRSUJBREFOQmdrcWhraUc5dzBCQVFFRkFBU0M=\n-----END PRIVATE KEY-----\n";
// As the provider's console hands the key file out (other fields of it are ignored).
const serviceAccount = {
  type: "service_account",
  client_email: "signer@example-game-prd.iam.gserviceaccount.com",
  private_key: SECRET_PEM,
  token_uri: "https://oauth2.googleapis.com/token",
};

const prdIdpVars = {
  IDP_PROJECT_ID: "example-game-prd",
  IDP_API_KEY: "public-web-api-key",
  IDP_API_URL: "https://identitytoolkit.googleapis.com/",
  IDP_TOKEN_URL: "https://securetoken.googleapis.com",
  IDP_JWKS_URL: "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com",
  IDP_RECAPTCHA_SITE_KEY: "6LcPrdSiteKey-of_the_project",
  IDP_SERVICE_ACCOUNT: JSON.stringify(serviceAccount),
};

const prdVars = {
  ENVIRONMENT: "prd",
  AUTH_URL: "https://auth.example.com",
  STORE_URL: "https://store.example.com",
  API_URL: "https://api.example.com",
  ROOMS_URL: "https://rooms.example.com",
  AUTH_DOMAIN: "auth.example.com",
  AUTH_OPERATOR_DOMAINS: "example.com",
  AUTH_MOBILE_SCHEME: "com.example.game",
  AUTH_SOCIAL_PROVIDERS: "google.com",
  STRIPE_API_URL: "https://api.stripe.com",
  ...prdIdpVars,
};

function configError(vars: Record<string, unknown>): ConfigError {
  try {
    parseConfig(vars);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("identity provider config", () => {
  it("becomes config.idp with the service account unpacked and URLs without a trailing slash", () => {
    const { idp } = parseConfig(prdVars);
    expect(idp).toEqual({
      projectId: "example-game-prd",
      apiKey: "public-web-api-key",
      apiUrl: "https://identitytoolkit.googleapis.com",
      tokenUrl: "https://securetoken.googleapis.com",
      jwksUrl: prdIdpVars.IDP_JWKS_URL,
      recaptchaSiteKey: "6LcPrdSiteKey-of_the_project",
      serviceAccount: {
        clientEmail: serviceAccount.client_email,
        privateKey: SECRET_PEM,
        tokenUri: "https://oauth2.googleapis.com/token",
      },
      adminTokenUrl: "https://oauth2.googleapis.com/token",
    });
  });

  it("trades admin assertions where the key file says (token_uri), else at the provider's own /oauth2/token", () => {
    const { token_uri: _, ...devKeyFile } = serviceAccount;
    const dev = parseConfig({ ...prdVars, IDP_SERVICE_ACCOUNT: JSON.stringify(devKeyFile) }).idp;
    expect(dev.serviceAccount.tokenUri).toBeNull();
    expect(dev.adminTokenUrl).toBe("https://identitytoolkit.googleapis.com/oauth2/token");
    const error = configError({
      ...prdVars,
      IDP_SERVICE_ACCOUNT: JSON.stringify({ ...serviceAccount, token_uri: "ftp://x" }),
    });
    expect(error.problems.map((p) => p.variable)).toEqual(["IDP_SERVICE_ACCOUNT"]);
  });

  it("names a missing reCAPTCHA site key: phone sign-in cannot work without it", () => {
    const { IDP_RECAPTCHA_SITE_KEY: _, ...vars } = prdVars;
    expect(configError(vars).problems).toEqual([{ variable: "IDP_RECAPTCHA_SITE_KEY", message: "is missing" }]);
  });

  it("names the missing secret an operator must set", () => {
    const { IDP_SERVICE_ACCOUNT: _, ...vars } = prdVars;
    expect(configError(vars).problems).toEqual([{ variable: "IDP_SERVICE_ACCOUNT", message: "is missing" }]);
  });

  it.each([
    ["not JSON", `${SECRET_PEM}oops`],
    ["no client_email", JSON.stringify({ private_key: SECRET_PEM })],
    ["a key that is not PKCS#8 PEM", JSON.stringify({ ...serviceAccount, private_key: `x${SECRET_PEM}` })],
  ])("refuses a service account with %s, naming the variable but never echoing the key", (_, value) => {
    const error = configError({ ...prdVars, IDP_SERVICE_ACCOUNT: value });
    expect(error.problems.map((p) => p.variable)).toEqual(["IDP_SERVICE_ACCOUNT"]);
    expect(error.message).not.toContain("TUlJRXZR");
    expect(error.message).not.toContain("PRIVATE KEY");
    expect(error.message).not.toContain(serviceAccount.client_email);
  });

  it("names each malformed IdP var", () => {
    const error = configError({
      ...prdVars,
      IDP_JWKS_URL: "securetoken",
      IDP_PROJECT_ID: "Bad Project",
      IDP_API_KEY: "",
      IDP_RECAPTCHA_SITE_KEY: "a key with spaces",
    });
    expect(error.problems.map((p) => p.variable).sort()).toEqual([
      "IDP_API_KEY",
      "IDP_JWKS_URL",
      "IDP_PROJECT_ID",
      "IDP_RECAPTCHA_SITE_KEY",
    ]);
  });

  it("refuses a non-http JWKS URL", () => {
    expect(idpVarsSchema.shape.IDP_JWKS_URL.safeParse("file:///etc/keys.json").success).toBe(false);
  });
});
