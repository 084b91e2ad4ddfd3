import { readCookie } from "../../src/auth/cookies";
import { sha256Hex } from "../../src/auth/crypto";
import { ApiError } from "../../src/worker-kit/errors";
import type { AuthContext } from "./auth-env";
import type { LoginRequest } from "./login-requests";

/** Ties the login page to the browser that posts its results (CSRF protection of its API calls). */
export const LOGIN_NONCE_COOKIE = "auth_login_nonce";

/** SHA-256 of this browser's login nonce cookie, or null when it has none. */
export async function browserNonceHash(c: AuthContext): Promise<string | null> {
  const nonce = readCookie(c.req.header("cookie"), LOGIN_NONCE_COOKIE);
  return nonce ? sha256Hex(nonce) : null;
}

/**
 * The login request a page of this browser holds: the state must be live (400 login_expired)
 * and the browser's nonce cookie the one the page was opened with (403 state_mismatch).
 */
export async function loginRequestOfThisBrowser(c: AuthContext, state: string): Promise<LoginRequest> {
  const login = await c.get("auth").loginRequests.find(state);
  if (!login) throw loginExpired();
  if ((await browserNonceHash(c)) !== login.nonceHash) {
    throw new ApiError(403, "state_mismatch", "This sign-in was not started from this browser's login page.");
  }
  return login;
}

export function loginExpired(): ApiError {
  return new ApiError(400, "login_expired", "This login page has expired. Please open it again.");
}
