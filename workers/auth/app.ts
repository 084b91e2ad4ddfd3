import { createApp } from "../shared/create-app";

/** Sign-in service (document 1): SSO, PKCE, transfer codes, publish tokens, consent, log intake. */
export function createAuthApp() {
  return createApp("auth");
}
