/**
 * The platform's languages: the store's five (document 2) are also the sign-in service's, so a
 * person who picked one in the store meets it again on the login page (docs/decisions/0092-language-follows-the-user-re-consent-reaches-web.md).
 */
export const UI_LOCALES = ["ja", "en", "ko", "zh-CN", "zh-TW"] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

export function isUiLocale(value: unknown): value is UiLocale {
  return typeof value === "string" && (UI_LOCALES as readonly string[]).includes(value);
}

/**
 * A BCP 47 language tag (navigator.languages, Accept-Language, ui_locales) as one of ours, or
 * null: ja-JP reads ja, ko-KR ko; zh-Hant, zh-TW, zh-HK and zh-MO read zh-TW, other zh zh-CN.
 */
export function localeOfTag(tag: string): UiLocale | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const language = parts[0];
  if (language === "zh") {
    return parts.some((part) => part === "tw" || part === "hk" || part === "mo" || part === "hant") ? "zh-TW" : "zh-CN";
  }
  return language === "ja" || language === "en" || language === "ko" ? language : null;
}

/** Text in every language, or in English and some others (English is always there to fall back on). */
export type Localized = { readonly en: string } & Partial<Readonly<Record<UiLocale, string>>>;

/** The text in `locale`, else the English one. */
export function localized(text: Localized, locale: UiLocale): string {
  return text[locale] ?? text.en;
}
