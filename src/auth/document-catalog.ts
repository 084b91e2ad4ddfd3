import type { DocumentKey } from "./clients";

/**
 * The version catalog of document 1: the current version of each legal document, stamped by the
 * service on every consent (never taken from the client). The consent-ledger issue extends it.
 */
export interface DocumentVersion {
  version: string;
  requiresReconsent: boolean;
  effectiveAt: string;
}

export const DOCUMENT_CATALOG: Record<DocumentKey, DocumentVersion> = {
  app_terms: { version: "2026-01-01", requiresReconsent: true, effectiveAt: "2026-01-01" },
  studio_terms: { version: "2026-01-01", requiresReconsent: true, effectiveAt: "2026-01-01" },
  portal_terms: { version: "2026-01-01", requiresReconsent: true, effectiveAt: "2026-01-01" },
  privacy: { version: "2026-01-01", requiresReconsent: true, effectiveAt: "2026-01-01" },
};
