/**
 * Whom a publish principal (the uid in a publish token's ID tokens, `publish:<token id>`) acts
 * for while its token is active: null once revoked or unknown. The sign-in service implements it
 * (workers/auth/ports/publish-principals.ts); platform/ hands it to the backend.
 */
export interface PublishPrincipalsPort {
  issuerOf(principalUid: string): Promise<string | null>;
}
