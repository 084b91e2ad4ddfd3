import type { PublishPrincipalsPort } from "../../../src/app-ports/publish-principals";
import { publishTokenIdOfPrincipal } from "../../../src/auth/publish-token";
import type { IdentityProvider } from "../../../src/idp/identity-provider";
import { revocationOf } from "../../../src/idp/revocation";
import { PublishTokenStore } from "../publish-token-store";
import { accountStateOf, revokePublishTokensBefore } from "../revocation";

/**
 * The sign-in service's port for the backend: whom a publish principal (the uid in a publish
 * token's ID tokens, `publish:<token id>`) acts for. The backend asks here on each publishing
 * request rather than reading AUTH_DB itself, so revoking a token stops every ID token of its
 * principal at once, whenever and however that ID token was obtained. A token made before its
 * issuer's tokens-valid-after time at the provider (a password change, a sign-out everywhere) is
 * revoked here and then (document 1 keeps the row): one account lookup at the provider per
 * publishing request; its outage is 503 `idp_unavailable`.
 */
export async function issuerOfPublishPrincipal(
  env: { AUTH_DB: D1Database },
  idp: IdentityProvider,
  uid: string,
): Promise<string | null> {
  const tokenId = publishTokenIdOfPrincipal(uid);
  if (tokenId === null) return null;
  const token = await new PublishTokenStore(env.AUTH_DB, Date.now).active(tokenId);
  if (!token) return null;
  const state = await accountStateOf(idp, token.issuerUid);
  if (revocationOf(Math.floor(token.createdAtMs / 1000), state) !== null) {
    await revokePublishTokensBefore(env.AUTH_DB, Date.now, token.issuerUid, state);
    return null;
  }
  return token.issuerUid;
}

/** The port the backend is handed (platform/app-ports.ts): publish principals looked up in AUTH_DB. */
export function publishPrincipalsOf(env: { AUTH_DB: D1Database }, idp: IdentityProvider): PublishPrincipalsPort {
  return { issuerOf: (uid) => issuerOfPublishPrincipal(env, idp, uid) };
}
