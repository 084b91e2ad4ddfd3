import type { PaidReleaseKind } from "../legal/paid-release-catalog";

/**
 * The paid-release terms ledger, held by the main backend and recorded through the sign-in
 * service's POST /api/consent (document 1). The backend implements it
 * (workers/backend/ports/terms-agreements.ts); platform/ hands it to the sign-in service.
 */
export interface TermsAgreementsPort {
  /** One agreement per kind at the catalog's current version, all or none. */
  record(uid: string, kinds: readonly PaidReleaseKind[]): Promise<void>;
}
