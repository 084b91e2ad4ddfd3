import { localeOfTag, type UiLocale } from "./locales";

/** Where a request says which language it wants, most binding first. */
export interface LanguageHints {
  /** The `ui_locales` parameter: the app's language (the store's locale), or the page's own menu. */
  uiLocales?: string | null;
  acceptLanguage?: string | null;
}

/**
 * The page's language: the first of `ui_locales` we speak, else Accept-Language by q-value, else
 * English (docs/decisions/0092-language-follows-the-user-re-consent-reaches-web.md, "Language
 * follows the user"). The sign-in service's pages and the play link's lobby choose alike, so a
 * person keeps one language from the lobby through the sign-in and back.
 */
export function pickLanguage(hints: LanguageHints): UiLocale {
  return languageOfUiLocales(hints.uiLocales) ?? languageOfAcceptLanguage(hints.acceptLanguage) ?? "en";
}

/** A list of tags is read up to this many entries: a long header costs no more. */
const MAX_TAGS = 16;

/**
 * `ui_locales` as OpenID Connect Core 1.0 (3.1.2.1) defines it: space-separated BCP 47 tags,
 * most preferred first. The first one we speak, or null.
 */
export function languageOfUiLocales(value: string | null | undefined): UiLocale | null {
  for (const tag of (value ?? "").split(" ", MAX_TAGS)) {
    const language = tag ? localeOfTag(tag) : null;
    if (language) return language;
  }
  return null;
}

/** The Accept-Language entry we speak with the highest q-value (the first of equals), or null. */
export function languageOfAcceptLanguage(header: string | null | undefined): UiLocale | null {
  const ranked = (header ?? "")
    .split(",", MAX_TAGS)
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { language: localeOfTag(tag), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.language && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.language ?? null;
}
