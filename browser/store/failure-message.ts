import { ApiFailure } from "./api-failure";
import type { Messages } from "./i18n";
import type { UnavailableService } from "./messages/messages";

/**
 * The store API's 503 codes, by the service each names: workers/store/payments.ts
 * (`payments_unavailable`), src/worker-kit/verify-id-token.ts (`idp_unavailable`: the identity
 * provider's keys), workers/store/backend-client.ts (`backend_unavailable`: the backend's GraphQL).
 */
const UNAVAILABLE: ReadonlyMap<string, UnavailableService> = new Map([
  ["payments_unavailable", "payments"],
  ["idp_unavailable", "idp"],
  ["backend_unavailable", "backend"],
]);

/** What the page was doing when the call failed: reading, or opening a checkout (Buy). */
export type FailedCall = "read" | "checkout";

/**
 * The sentence the page shows for a failed call: which service is unavailable when the API said
 * so (at checkout also that nothing was charged), else the general "Something went wrong".
 */
export function failureMessage(t: Messages, error: unknown, call: FailedCall): string {
  const service = error instanceof ApiFailure && error.status === 503 ? UNAVAILABLE.get(error.code) : undefined;
  if (!service) return t.error;
  return call === "checkout" ? t.checkoutUnavailable[service] : t.unavailable[service];
}
