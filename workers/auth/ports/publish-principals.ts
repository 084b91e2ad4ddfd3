import { publishTokenIdOfPrincipal } from "../../../src/auth/publish-token";
import { PublishTokenStore } from "../publish-token-store";

/**
 * The sign-in service's port for the backend: whom a publish principal (the uid in a publish
 * token's ID tokens, `publish:<token id>`) acts for. The backend asks here on each publishing
 * request rather than reading AUTH_DB itself, so revoking a token stops every ID token of its
 * principal at once, whenever and however that ID token was obtained.
 */
export function issuerOfPublishPrincipal(env: { AUTH_DB: D1Database }, uid: string): Promise<string | null> {
  const tokenId = publishTokenIdOfPrincipal(uid);
  if (tokenId === null) return Promise.resolve(null);
  return new PublishTokenStore(env.AUTH_DB, Date.now).activeIssuer(tokenId);
}
