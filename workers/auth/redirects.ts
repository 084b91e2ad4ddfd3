import { isPublishedGameFile } from "../../src/auth/published-files";
import { checkRedirectUri } from "../../src/auth/redirect-uri";
import { matchOptionsFor } from "../../src/router";
import { ApiError } from "../../src/worker-kit/errors";
import type { AuthContext } from "./auth-env";

/**
 * The redirect_uri as a URL when this environment allows it; otherwise a 400. Pages under
 * {ROOMS_URL}/play/ are scenario authors' own code: on an operator domain they would pass the
 * allow-list, and a sign-in redirect there would hand the user's custom token to that code. They
 * run sandboxed in an opaque origin too (docs/decisions/0069-published-files-in-an-opaque-origin-a-csp.md); this refusal is the second wall.
 */
export function allowedRedirect(c: AuthContext, raw: string | undefined): URL {
  if (raw === undefined) throw new ApiError(400, "invalid_redirect_uri", "redirect_uri is required");
  const result = checkRedirectUri(raw, c.get("auth").redirectPolicy);
  if (!result.ok) throw new ApiError(400, "invalid_redirect_uri", result.reason);
  const config = c.get("config");
  if (isPublishedGameFile(result.url, config.apps.rooms, matchOptionsFor(config.environment))) {
    throw new ApiError(400, "invalid_redirect_uri", "redirect_uri must not point at a published scenario's files");
  }
  return result.url;
}
