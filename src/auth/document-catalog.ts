import { type Localized, localized, type UiLocale } from "../i18n/locales";
import type { DocumentKey } from "./clients";

/**
 * One published version of a legal document (document 1, version catalog). `version` and
 * `effectiveAt` are ISO dates (YYYY-MM-DD), so they compare as strings.
 */
export interface DocumentVersion {
  version: string;
  /** true: a substantive change every user must accept again; false: a minor fix. */
  requiresReconsent: boolean;
  effectiveAt: string;
  /** What changed, shown in the re-consent prompt (in the reader's language where written). */
  summary: Localized;
  /** Which shipped text this version is (a key of src/legal/content.ts). */
  contentRef: string;
}

/** Every published version of each document, oldest first. */
export type Catalog<Key extends string> = Readonly<Record<Key, readonly DocumentVersion[]>>;

/** The summary of every document's first version. */
export const FIRST_VERSION: Localized = {
  en: "First version.",
  ja: "最初の版です。",
  ko: "첫 번째 버전입니다.",
  "zh-CN": "第一版。",
  "zh-TW": "第一版。",
};

/**
 * The version catalog of document 1, held as constants: the service stamps the current version
 * on every consent (never the client's). To publish a revision, append a version here and its
 * text in src/legal/content.ts (docs/consent.md). The privacy entry is replaceable like any
 * other: a new version with a new contentRef, same document_key.
 */
export const DOCUMENT_CATALOG: Catalog<DocumentKey> = {
  app_terms: [first("app_terms")],
  studio_terms: [first("studio_terms")],
  portal_terms: [first("portal_terms")],
  privacy: [first("privacy")],
};

function first(key: DocumentKey): DocumentVersion {
  return {
    version: "2026-01-01",
    requiresReconsent: true,
    effectiveAt: "2026-01-01",
    summary: FIRST_VERSION,
    contentRef: `${key}/2026-01-01`,
  };
}

/** The ISO date (UTC) of an instant, the form the catalog's dates are compared in. */
export function isoDate(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** The versions in force at `nowMs` (effectiveAt reached), oldest first. */
function effectiveVersions(versions: readonly DocumentVersion[], nowMs: number): DocumentVersion[] {
  const today = isoDate(nowMs);
  return versions.filter((v) => v.effectiveAt <= today).sort((a, b) => compare(a.version, b.version));
}

/** The newest version in force: what a consent given now is stamped with, and what /legal shows. */
export function currentVersion<Key extends string>(catalog: Catalog<Key>, key: Key, nowMs: number): DocumentVersion {
  const versions = effectiveVersions(catalog[key], nowMs);
  const current = versions.at(-1);
  if (!current) throw new Error(`the catalog has no version of ${key} in force`);
  return current;
}

/**
 * currentRequiredVersion of document 1: the newest version in force that requires re-consent.
 * A minor revision after it does not move it.
 */
export function currentRequiredVersion<Key extends string>(
  catalog: Catalog<Key>,
  key: Key,
  nowMs: number,
): DocumentVersion {
  const required = effectiveVersions(catalog[key], nowMs).filter((v) => v.requiresReconsent);
  return required.at(-1) ?? currentVersion(catalog, key, nowMs);
}

/** isConsented of document 1: some recorded version of the document is >= the required one. */
export function isConsented<Key extends string>(
  catalog: Catalog<Key>,
  key: Key,
  consentedVersions: readonly string[],
  nowMs: number,
): boolean {
  const required = currentRequiredVersion(catalog, key, nowMs).version;
  return consentedVersions.some((version) => compare(version, required) >= 0);
}

/** What a client shows in the blocking prompt for one document still to accept. */
export interface PendingDocument<Key extends string = string> {
  documentKey: Key;
  version: string;
  effectiveAt: string;
  summary: string;
  contentRef: string;
}

/**
 * The documents of `keys` the user has still to accept (empty: the gate is passed), each at the
 * version the user would accept now, its summary in `language` (else English). `consented` holds
 * every version recorded per key.
 */
export function pendingDocuments<Key extends string>(
  catalog: Catalog<Key>,
  keys: readonly Key[],
  consented: ReadonlyMap<Key, readonly string[]>,
  nowMs: number,
  language: UiLocale = "en",
): PendingDocument<Key>[] {
  return keys
    .filter((key) => !isConsented(catalog, key, consented.get(key) ?? [], nowMs))
    .map((key) => {
      const { version, effectiveAt, summary, contentRef } = currentVersion(catalog, key, nowMs);
      return { documentKey: key, version, effectiveAt, summary: localized(summary, language), contentRef };
    });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
