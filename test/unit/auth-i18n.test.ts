import { describe, expect, it } from "vitest";
import { pickLanguage, STRINGS } from "../../src/auth/i18n";

describe("login page language", () => {
  it("follows Accept-Language by q-value", () => {
    expect(pickLanguage("ja,en;q=0.8")).toBe("ja");
    expect(pickLanguage("en-US,en;q=0.9,ja;q=0.8")).toBe("en");
    expect(pickLanguage("fr-FR, ja;q=0.5, en;q=0.4")).toBe("ja");
    expect(pickLanguage("en;q=0.2, ja-JP;q=0.9")).toBe("ja");
  });

  it("falls back to English", () => {
    expect(pickLanguage(undefined)).toBe("en");
    expect(pickLanguage("fr, de")).toBe("en");
    expect(pickLanguage("ja;q=0")).toBe("en");
    expect(pickLanguage("garbage;;;q=x")).toBe("en");
  });

  it("an explicit choice wins over the header; an unknown one is ignored", () => {
    expect(pickLanguage("ja", "en")).toBe("en");
    expect(pickLanguage("en", "ja")).toBe("ja");
    expect(pickLanguage("ja", "xx")).toBe("ja");
  });

  it("has every text in both languages", () => {
    const keys = (lang: "ja" | "en") => Object.keys(STRINGS[lang]).sort();
    expect(keys("ja")).toEqual(keys("en"));
    expect(STRINGS.ja.signInTo("Studio")).toContain("Studio");
    expect(STRINGS.ja.title).not.toBe(STRINGS.en.title);
  });
});
