import { describe, expect, it } from "vitest";
import { messagesFor } from "../../browser/store/i18n";
import { clientFor, registeredClients } from "../../src/auth/clients";
import { LANGUAGES, pickLanguage, STRINGS } from "../../src/auth/i18n";
import { LINK_STRINGS } from "../../src/auth/link-strings";
import { TRANSFER_STRINGS } from "../../src/auth/transfer-strings";
import { localized } from "../../src/i18n/locales";

const accept = (acceptLanguage: string | undefined) => pickLanguage({ acceptLanguage });

describe("login page language", () => {
  it("follows Accept-Language by q-value, in any of the store's five languages", () => {
    expect(accept("ja,en;q=0.8")).toBe("ja");
    expect(accept("en-US,en;q=0.9,ja;q=0.8")).toBe("en");
    expect(accept("fr-FR, ja;q=0.5, en;q=0.4")).toBe("ja");
    expect(accept("en;q=0.2, ja-JP;q=0.9")).toBe("ja");
    expect(accept("ko-KR,ko;q=0.9,en;q=0.5")).toBe("ko");
    expect(accept("zh-TW,zh;q=0.9")).toBe("zh-TW");
    expect(accept("zh-Hant-HK")).toBe("zh-TW");
    expect(accept("zh-Hans-CN,zh;q=0.9")).toBe("zh-CN");
    expect(accept("fr, zh;q=0.4")).toBe("zh-CN");
  });

  it("falls back to English", () => {
    expect(accept(undefined)).toBe("en");
    expect(accept("fr, de")).toBe("en");
    expect(accept("ja;q=0")).toBe("en");
    expect(accept("garbage;;;q=x")).toBe("en");
  });

  it("ui_locales (the app's language) wins over the header: its first tag we speak", () => {
    expect(pickLanguage({ uiLocales: "zh-TW", acceptLanguage: "ja" })).toBe("zh-TW");
    expect(pickLanguage({ uiLocales: "fr-CA ko", acceptLanguage: "ja" })).toBe("ko");
    expect(pickLanguage({ uiLocales: "en", acceptLanguage: "ja" })).toBe("en");
    expect(pickLanguage({ uiLocales: "xx yy", acceptLanguage: "ja" })).toBe("ja");
    expect(pickLanguage({ uiLocales: "", acceptLanguage: "ko" })).toBe("ko");
  });

  it("reads a bounded number of tags of a hostile header", () => {
    expect(accept(`${"fr,".repeat(10_000)}ja`)).toBe("en");
    expect(pickLanguage({ uiLocales: `${"fr ".repeat(10_000)}ja` })).toBe("en");
  });

  it("has every text in every language, each its own", () => {
    const shape = (value: object): unknown =>
      Object.fromEntries(
        Object.entries(value).map(([key, v]) => [key, v && typeof v === "object" ? shape(v) : typeof v]),
      );
    for (const language of LANGUAGES) {
      expect(shape(STRINGS[language]), language).toEqual(shape(STRINGS.en));
      expect(Object.keys(LINK_STRINGS[language]).sort(), language).toEqual(Object.keys(LINK_STRINGS.en).sort());
      expect(Object.keys(TRANSFER_STRINGS[language]).sort(), language).toEqual(Object.keys(TRANSFER_STRINGS.en).sort());
      expect(STRINGS[language].signInTo("X")).toContain("X");
    }
    const titles = new Set(LANGUAGES.map((language) => STRINGS[language].title));
    expect(titles.size).toBe(LANGUAGES.length);
  });

  it("names every client in every language, so no title mixes two", () => {
    for (const client of [...registeredClients(), clientFor(null)]) {
      for (const language of LANGUAGES) {
        const name = localized(client.name, language);
        expect(name, `${client.id} ${language}`).not.toBe("");
        if (language !== "en") expect(name, `${client.id} ${language}`).not.toMatch(/[A-Za-z]/);
      }
    }
    // The login page names the store as the store names itself, in each of its locales.
    for (const locale of LANGUAGES) expect(localized(clientFor("store").name, locale)).toBe(messagesFor(locale).title);
  });
});
