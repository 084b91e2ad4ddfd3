import { readCookie, serializeCookie } from "../../src/auth/cookies";
import { randomToken } from "../../src/auth/crypto";
import { ApiError } from "../../src/worker-kit/errors";
import type { AuthContext } from "./auth-env";

/**
 * A form of the sign-in service's own pages (the hand-over, the session list) that acts with the
 * browser's cookies. Beside the same-origin check, each form carries a double-submit token: the
 * value of a host-only cookie the page set, which another site can neither read nor set.
 */
export function pageFormToken(c: AuthContext, cookieName: string): string {
  const existing = readCookie(c.req.header("cookie"), cookieName);
  if (existing && existing.length >= 43) return existing;
  const token = randomToken();
  c.header("set-cookie", serializeCookie(cookieName, token, c.get("auth").cookies, null), { append: true });
  return token;
}

/** Refuses (403 `csrf_mismatch`) a form whose token is not the browser's cookie of `cookieName`. */
export function checkPageFormToken(c: AuthContext, cookieName: string, sent: string, message: string): void {
  if (sent !== readCookie(c.req.header("cookie"), cookieName)) throw new ApiError(403, "csrf_mismatch", message);
}

/** The fields of a form post; anything but a urlencoded form is 415. */
export async function pageFormFields(c: AuthContext, what: string): Promise<Record<string, unknown>> {
  if (!c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded")) {
    throw new ApiError(415, "unsupported_media_type", `${what} is a form post.`);
  }
  return Object.fromEntries(new URLSearchParams(await c.req.text()));
}
