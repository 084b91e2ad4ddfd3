import { describe, expect, it } from "vitest";
import { documentKeysForScope } from "../../src/auth/consent-scope";
import {
  type Catalog,
  currentRequiredVersion,
  currentVersion,
  DOCUMENT_CATALOG,
  isConsented,
  pendingDocuments,
} from "../../src/auth/document-catalog";
import { LEGAL_TEXTS } from "../../src/legal/content";
import { PAID_RELEASE_CATALOG } from "../../src/legal/paid-release-catalog";

const v = (version: string, requiresReconsent: boolean, effectiveAt = version) => ({
  version,
  requiresReconsent,
  effectiveAt,
  summary: { en: `changes of ${version}`, ja: `${version} の変更` },
  contentRef: `terms/${version}`,
});

/** A first version, a substantive revision, a minor fix after it, and a substantive one announced for later. */
const catalog: Catalog<"terms" | "privacy"> = {
  terms: [v("2026-01-01", true), v("2026-03-01", true), v("2026-04-15", false), v("2026-09-01", true)],
  privacy: [v("2026-01-01", true), v("2026-02-01", false)],
};
const MAY = Date.parse("2026-05-01T00:00:00Z");
const SEPTEMBER = Date.parse("2026-09-01T00:00:00Z");

describe("version catalog: the planned re-consent rule", () => {
  it("the current version is the newest in force; a version announced for later is not yet current", () => {
    expect(currentVersion(catalog, "terms", MAY).version).toBe("2026-04-15");
    expect(currentVersion(catalog, "terms", SEPTEMBER).version).toBe("2026-09-01");
  });

  it("currentRequiredVersion is the newest substantive revision in force: a minor fix does not move it", () => {
    expect(currentRequiredVersion(catalog, "terms", MAY).version).toBe("2026-03-01");
    expect(currentRequiredVersion(catalog, "privacy", MAY).version).toBe("2026-01-01");
    expect(currentRequiredVersion(catalog, "terms", SEPTEMBER).version).toBe("2026-09-01");
  });

  it("isConsented holds for a recorded version >= the required one, not for an older one or none", () => {
    expect(isConsented(catalog, "terms", ["2026-01-01"], MAY)).toBe(false);
    expect(isConsented(catalog, "terms", ["2026-03-01"], MAY)).toBe(true);
    expect(isConsented(catalog, "terms", ["2026-04-15"], MAY)).toBe(true);
    expect(isConsented(catalog, "terms", [], MAY)).toBe(false);
    // The minor privacy fix asks nothing of someone who accepted the first version.
    expect(isConsented(catalog, "privacy", ["2026-01-01"], MAY)).toBe(true);
  });

  it("pending lists what is still to accept, at the version accepted now, with summary and effectiveAt", () => {
    const consented = new Map([
      ["terms" as const, ["2026-01-01"]],
      ["privacy" as const, ["2026-01-01"]],
    ]);
    expect(pendingDocuments(catalog, ["terms", "privacy"], consented, MAY)).toEqual([
      {
        documentKey: "terms",
        version: "2026-04-15",
        effectiveAt: "2026-04-15",
        summary: "changes of 2026-04-15",
        contentRef: "terms/2026-04-15",
      },
    ]);
    // In the reader's language where the summary is written in it, else in English.
    expect(pendingDocuments(catalog, ["terms"], consented, MAY, "ja")[0]?.summary).toBe("2026-04-15 の変更");
    expect(pendingDocuments(catalog, ["terms"], consented, MAY, "ko")[0]?.summary).toBe("changes of 2026-04-15");
    const upToDate = new Map([["terms" as const, ["2026-01-01", "2026-03-01"]]]);
    expect(pendingDocuments(catalog, ["terms"], upToDate, MAY)).toEqual([]);
    // On the day the announced revision takes effect, the gate closes again.
    expect(pendingDocuments(catalog, ["terms"], upToDate, SEPTEMBER).map((d) => d.version)).toEqual(["2026-09-01"]);
  });

  it("every version of the shipped catalogs has its text shipped", () => {
    for (const versions of [...Object.values(DOCUMENT_CATALOG), ...Object.values(PAID_RELEASE_CATALOG)]) {
      for (const version of versions) expect(LEGAL_TEXTS[version.contentRef], version.contentRef).toBeDefined();
    }
  });
});

describe("GET /api/consent/pending scope", () => {
  it("a product name or a client_id names the documents; anything else is app_terms + privacy", () => {
    expect(documentKeysForScope("studio")).toEqual(["studio_terms", "privacy"]);
    expect(documentKeysForScope("portal")).toEqual(["portal_terms", "privacy"]);
    expect(documentKeysForScope("portal-shop")).toEqual(["portal_terms", "privacy"]);
    expect(documentKeysForScope("app")).toEqual(["app_terms", "privacy"]);
    expect(documentKeysForScope("mobile")).toEqual(["app_terms", "privacy"]);
    expect(documentKeysForScope(undefined)).toEqual(["app_terms", "privacy"]);
    expect(documentKeysForScope("nobody")).toEqual(["app_terms", "privacy"]);
  });
});
