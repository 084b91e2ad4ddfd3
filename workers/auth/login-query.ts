import { z } from "zod";
import { isValidS256Challenge } from "../../src/auth/pkce";
import { ApiError } from "../../src/worker-kit/errors";
import type { AuthContext } from "./auth-env";
import { allowedRedirect } from "./redirects";

export const loginQuery = z.object({
  redirect_uri: z.string({ error: "is required" }).max(4096),
  client_id: z.string().max(64).optional(),
  code_challenge: z.string().max(128).optional(),
  code_challenge_method: z.string().max(16).optional(),
  prompt: z.string().max(64).optional(),
  /** OpenID Connect's ui_locales: the app's language first (the store's locale), space-separated. */
  ui_locales: z.string().max(256).optional(),
});

export type LoginQuery = z.infer<typeof loginQuery>;

/** What /login was asked for, checked: the same rules for GET /login and POST /api/login/state. */
export function parseLoginQuery(c: AuthContext, raw: unknown) {
  const parsed = loginQuery.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "query");
    const code = field === "redirect_uri" ? "invalid_redirect_uri" : "invalid_request";
    throw new ApiError(400, code, `${field} ${issue?.message ?? "is invalid"}`);
  }
  const query = parsed.data;
  const redirectUri = allowedRedirect(c, query.redirect_uri);
  const codeChallenge = checkedChallenge(c, query, redirectUri);
  if (query.prompt !== undefined && query.prompt !== "select_account") {
    throw new ApiError(400, "invalid_request", "prompt must be select_account when given");
  }
  const prompt: "select_account" | null = query.prompt === "select_account" ? "select_account" : null;
  return { query, redirectUri, codeChallenge, prompt };
}

/** The fields of the query the page sends back for its state (the language stays on the page). */
export function loginRequestFields(query: LoginQuery): Omit<LoginQuery, "ui_locales"> {
  const { ui_locales: _, ...fields } = query;
  return fields;
}

/** The PKCE challenge of the request: S256 only, and required for app (custom scheme) targets. */
function checkedChallenge(c: AuthContext, query: LoginQuery, redirectUri: URL): string | null {
  const { code_challenge: challenge, code_challenge_method: method } = query;
  if (method !== undefined && method !== "S256") {
    throw new ApiError(400, "invalid_request", "code_challenge_method must be S256 (plain is not supported)");
  }
  if (challenge === undefined) {
    if (method !== undefined) throw new ApiError(400, "invalid_request", "code_challenge is missing");
    if (redirectUri.protocol === `${c.get("auth").redirectPolicy.mobileScheme}:`) {
      throw new ApiError(400, "invalid_request", "an app redirect_uri needs code_challenge (PKCE, S256)");
    }
    return null;
  }
  if (method === undefined) throw new ApiError(400, "invalid_request", "code_challenge_method=S256 is required");
  if (!isValidS256Challenge(challenge)) {
    throw new ApiError(
      400,
      "invalid_request",
      "code_challenge must be base64url(sha256(code_verifier)), 43 characters",
    );
  }
  return challenge;
}
