import { type Catalog, FIRST_VERSION } from "../auth/document-catalog";

/**
 * Paid-release terms (document 1, held by the main backend): kinds of user_terms_agreements.
 * Document 1 has consent to them gate editing revenue-share rates and applying for paid release;
 * this platform has neither route yet (docs/consent.md).
 */
export const PAID_RELEASE_KINDS = ["paid_release", "additional_content_paid_release"] as const;
export type PaidReleaseKind = (typeof PAID_RELEASE_KINDS)[number];

export const PAID_RELEASE_CATALOG: Catalog<PaidReleaseKind> = {
  paid_release: [
    {
      version: "2026-01-01",
      requiresReconsent: true,
      effectiveAt: "2026-01-01",
      summary: FIRST_VERSION,
      contentRef: "paid_release/2026-01-01",
    },
  ],
  additional_content_paid_release: [
    {
      version: "2026-01-01",
      requiresReconsent: true,
      effectiveAt: "2026-01-01",
      summary: FIRST_VERSION,
      contentRef: "additional_content_paid_release/2026-01-01",
    },
  ],
};

export function isPaidReleaseKind(key: string): key is PaidReleaseKind {
  return (PAID_RELEASE_KINDS as readonly string[]).includes(key);
}
