import { checkRedirectUri } from "../../src/auth/redirect-uri";
import { ApiError } from "../shared/errors";
import type { AuthContext } from "./auth-env";

/** The redirect_uri as a URL when this environment allows it; otherwise a 400. */
export function allowedRedirect(c: AuthContext, raw: string | undefined): URL {
  if (raw === undefined) throw new ApiError(400, "invalid_redirect_uri", "redirect_uri is required");
  const result = checkRedirectUri(raw, c.get("auth").redirectPolicy);
  if (!result.ok) throw new ApiError(400, "invalid_redirect_uri", result.reason);
  return result.url;
}
