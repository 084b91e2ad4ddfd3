import { describe, expect, it } from "vitest";
import { authConfigFrom, authVarsSchema } from "../../src/config/auth";

const vars = {
  AUTH_DOMAIN: "auth.example.com",
  AUTH_OPERATOR_DOMAINS: "example.com, Example.NET",
  AUTH_MOBILE_SCHEME: "com.example.game",
  AUTH_SOCIAL_PROVIDERS: "apple.com,google.com",
};

const parse = (overrides: Record<string, unknown>) => authVarsSchema.safeParse({ ...vars, ...overrides });

describe("auth config", () => {
  it("parses lists, lower-cases domains, keeps the providers' order", () => {
    const config = authConfigFrom(authVarsSchema.parse(vars));
    expect(config).toEqual({
      cookieDomain: "auth.example.com",
      operatorDomains: ["example.com", "example.net"],
      mobileScheme: "com.example.game",
      previewDomains: [],
      socialProviders: ["apple.com", "google.com"],
    });
  });

  it("an empty AUTH_DOMAIN means a host-only cookie", () => {
    expect(authConfigFrom(authVarsSchema.parse({ ...vars, AUTH_DOMAIN: "" })).cookieDomain).toBeNull();
  });

  it.each([
    ["AUTH_DOMAIN", ".example.com"],
    ["AUTH_DOMAIN", "https://auth.example.com"],
    ["AUTH_OPERATOR_DOMAINS", ""],
    ["AUTH_OPERATOR_DOMAINS", "example.com/path"],
    ["AUTH_OPERATOR_DOMAINS", "*.example.com"],
    ["AUTH_MOBILE_SCHEME", "https"],
    ["AUTH_MOBILE_SCHEME", "com.example.game://auth"],
    ["AUTH_PREVIEW_DOMAINS", "pages dev"],
    ["AUTH_SOCIAL_PROVIDERS", "google.com,myspace.com"],
  ])("refuses %s=%j", (name, value) => {
    const result = parse({ [name]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path[0]).toBe(name);
  });

  it("allows no social provider at all", () => {
    expect(authConfigFrom(authVarsSchema.parse({ ...vars, AUTH_SOCIAL_PROVIDERS: "" })).socialProviders).toEqual([]);
  });
});
