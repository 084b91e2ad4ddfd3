import { describe, expect, it } from "vitest";
import { clientFor, missingDocumentKeys, registeredClients, requiredDocumentKeys } from "../../src/auth/clients";

describe("client registry", () => {
  it("registers the eight clients of document 1 and the game lobby", () => {
    expect(registeredClients().map((c) => c.id)).toEqual([
      "studio",
      "admin",
      "mobile",
      "store",
      "venue-admin",
      "portal",
      "portal-shop",
      "portal-admin",
      "play",
    ]);
    for (const client of registeredClients()) {
      expect(client.name).not.toBe("");
      expect(client.iconUrl).toMatch(/^icons\/[a-z-]+\.svg$/);
    }
  });

  it("shows the email + password form only for venue-admin and portal-shop", () => {
    const withForm = registeredClients().filter((c) => c.emailPasswordLogin);
    expect(withForm.map((c) => c.id)).toEqual(["venue-admin", "portal-shop"]);
  });

  it("requires portal_terms of the three booking-portal clients", () => {
    for (const id of ["portal", "portal-shop", "portal-admin"]) {
      expect(requiredDocumentKeys(id)).toContain("portal_terms");
      expect(requiredDocumentKeys(id)).not.toContain("app_terms");
    }
  });

  it("resolves a missing or unregistered client_id to app_terms + privacy", () => {
    expect(requiredDocumentKeys(undefined)).toEqual(["app_terms", "privacy"]);
    expect(requiredDocumentKeys("")).toEqual(["app_terms", "privacy"]);
    expect(requiredDocumentKeys("no-such-client")).toEqual(["app_terms", "privacy"]);
    expect(requiredDocumentKeys("__proto__")).toEqual(["app_terms", "privacy"]);
    expect(clientFor("no-such-client").emailPasswordLogin).toBe(false);
  });

  it("only the mobile client is a mobile (PKCE) client", () => {
    expect(
      registeredClients()
        .filter((c) => c.kind === "mobile")
        .map((c) => c.id),
    ).toEqual(["mobile"]);
  });

  it("names the required keys a sign-up did not consent to", () => {
    expect(missingDocumentKeys("studio", ["privacy"])).toEqual(["studio_terms"]);
    expect(missingDocumentKeys("store", ["app_terms", "privacy"])).toEqual([]);
  });
});
