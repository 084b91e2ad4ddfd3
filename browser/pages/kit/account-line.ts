import { decodeJwt } from "jose";
import { byId } from "./page";

/**
 * What an ID token says about its user, read for display only: the server checks every claim
 * itself on every call.
 */
export function claimsOf(idToken: string): { admin?: unknown; email?: unknown; phone_number?: unknown } {
  return decodeJwt(idToken);
}

/** Shows who is signed in on the account line (src/worker-kit/pages/account-line.tsx) and its link to another account. */
export function showAccount(idToken: string): void {
  const { email, phone_number: phone } = claimsOf(idToken);
  const who = typeof email === "string" ? email : typeof phone === "string" ? phone : null;
  byId("account-name").textContent = who ? `Signed in as ${who}.` : "Signed in.";
  byId("account").hidden = false;
}
