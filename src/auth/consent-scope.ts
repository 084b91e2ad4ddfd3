import { clientFor, type DocumentKey } from "./clients";

/** Products by name: the documents each one's users accept (its own terms and the shared privacy policy). */
const PRODUCTS: Readonly<Record<string, readonly DocumentKey[]>> = {
  app: ["app_terms", "privacy"],
  studio: ["studio_terms", "privacy"],
  portal: ["portal_terms", "privacy"],
};

/**
 * The documents a `scope` of GET /api/consent/pending gates: a product name (app, studio,
 * portal) or a client_id, resolved like getRequiredDocumentKeys (a missing or unregistered one
 * is app_terms + privacy). Product names and the client ids that share them agree.
 */
export function documentKeysForScope(scope: string | undefined | null): readonly DocumentKey[] {
  return (scope && PRODUCTS[scope]) || clientFor(scope).requiredDocumentKeys;
}
