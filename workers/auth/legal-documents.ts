import { DOCUMENT_KEYS } from "../../src/auth/clients";
import { currentVersion, DOCUMENT_CATALOG } from "../../src/auth/document-catalog";
import type { Language } from "../../src/auth/i18n";
import { type BaseUrl, urlFor } from "../../src/base-url";
import { LEGAL_TEXTS } from "../../src/legal/content";
import { PAID_RELEASE_CATALOG, PAID_RELEASE_KINDS } from "../../src/legal/paid-release-catalog";

/** The version of a legal document (consent documents and paid-release terms) in force, or null for an unknown key. */
export function versionOf(key: string, nowMs: number) {
  if ((DOCUMENT_KEYS as readonly string[]).includes(key)) {
    return currentVersion(DOCUMENT_CATALOG, key as (typeof DOCUMENT_KEYS)[number], nowMs);
  }
  if ((PAID_RELEASE_KINDS as readonly string[]).includes(key)) {
    return currentVersion(PAID_RELEASE_CATALOG, key as (typeof PAID_RELEASE_KINDS)[number], nowMs);
  }
  return null;
}

/** A document a person can open: its title and its /legal/{key}/latest URL. */
export interface KnownDocument {
  title: string;
  url: string;
}

/**
 * Every legal document served now, titled in `language` where its text has one (else English),
 * its link asking for that language (`?lang=`) unless it is English.
 */
export function knownDocuments(auth: BaseUrl, nowMs: number, language: Language = "en"): KnownDocument[] {
  return [...DOCUMENT_KEYS, ...PAID_RELEASE_KINDS].flatMap((key) => {
    const ref = versionOf(key, nowMs)?.contentRef;
    const texts = ref ? LEGAL_TEXTS[ref] : undefined;
    if (!texts) return [];
    const url = urlFor(auth, `/legal/${key}/latest${language === "en" ? "" : `?lang=${language}`}`);
    return [{ title: (texts[language] ?? texts.en).title, url }];
  });
}
