import { checkRedirectUri } from "../../src/auth/redirect-uri";
import { urlFor } from "../../src/base-url";
import { ApiError } from "../shared/errors";
import type { AuthContext } from "./auth-env";

/** The redirect_uri as a URL when this environment allows it; otherwise a 400. */
export function allowedRedirect(c: AuthContext, raw: string | undefined): URL {
  if (raw === undefined) throw new ApiError(400, "invalid_redirect_uri", "redirect_uri is required");
  const result = checkRedirectUri(raw, c.get("auth").redirectPolicy);
  if (!result.ok) throw new ApiError(400, "invalid_redirect_uri", result.reason);
  if (isPublishedContent(c, result.url)) {
    throw new ApiError(400, "invalid_redirect_uri", "redirect_uri must not point at a published scenario's files");
  }
  return result.url;
}

/**
 * Pages under {ROOMS_URL}/play/ are scenario authors' own code (docs/publishing.md): on an
 * operator domain they would pass the allow-list, and a sign-in redirect there would hand the
 * user's custom token to that code. The path is compared decoded, as the router matches it.
 */
function isPublishedContent(c: AuthContext, url: URL): boolean {
  const play = new URL(urlFor(c.get("config").apps.rooms, "/play/"));
  if (url.origin !== play.origin) return false;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return true;
  }
  return path.startsWith(play.pathname);
}
