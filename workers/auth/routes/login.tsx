import { Hono } from "hono";
import { z } from "zod";
import { clientFor } from "../../../src/auth/clients";
import { readCookie, serializeCookie } from "../../../src/auth/cookies";
import { randomToken, sha256Hex } from "../../../src/auth/crypto";
import { pickLanguage, STRINGS } from "../../../src/auth/i18n";
import { LINK_STRINGS } from "../../../src/auth/link-strings";
import { isValidS256Challenge } from "../../../src/auth/pkce";
import { urlFor } from "../../../src/base-url";
import { ApiError } from "../../shared/errors";
import type { AuthContext, AuthEnv } from "../auth-env";
import { LOGIN_NONCE_COOKIE } from "../login-binding";
import { allowedRedirect } from "../redirects";
import { currentSession } from "../session-cookie";
import { signedInRedirect } from "../sign-in-result";
import { LoginPage } from "../views/login-page";

const loginQuery = z.object({
  redirect_uri: z.string({ error: "is required" }).max(4096),
  client_id: z.string().max(64).optional(),
  code_challenge: z.string().max(128).optional(),
  code_challenge_method: z.string().max(16).optional(),
  prompt: z.string().max(64).optional(),
  lang: z.string().max(8).optional(),
});

/**
 * GET /login: with a live SSO session the browser goes straight back to redirect_uri; otherwise
 * the login page, bound to a state that /api/callback redeems.
 */
export const loginRoutes = new Hono<AuthEnv>().get("/login", async (c) => {
  const parsed = loginQuery.safeParse(c.req.query());
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
  const prompt = query.prompt === "select_account" ? "select_account" : null;

  if (!prompt) {
    const session = await currentSession(c);
    if (session) {
      c.header("cache-control", "no-store");
      c.header("referrer-policy", "no-referrer");
      return c.redirect(await signedInRedirect(c, session.uid, { redirectUri, codeChallenge }), 302);
    }
  }

  const config = c.get("config");
  const { loginRequests, cookies } = c.get("auth");
  let nonce = readCookie(c.req.header("cookie"), LOGIN_NONCE_COOKIE);
  if (!nonce || nonce.length < 43) {
    nonce = randomToken();
    c.header("set-cookie", serializeCookie(LOGIN_NONCE_COOKIE, nonce, cookies, null), { append: true });
  }
  const client = clientFor(query.client_id);
  const state = await loginRequests.create({
    redirectUri: redirectUri.href,
    clientId: query.client_id ?? "",
    codeChallenge,
    prompt,
    nonceHash: await sha256Hex(nonce),
  });
  const language = pickLanguage(c.req.header("accept-language"), query.lang);
  const switchUrl = new URL(c.req.url);
  switchUrl.searchParams.set("lang", language === "ja" ? "en" : "ja");

  c.header("cache-control", "no-store");
  c.header("content-security-policy", contentSecurityPolicy(config.idp.apiUrl));
  c.header("referrer-policy", "no-referrer");
  c.header("x-content-type-options", "nosniff");
  return c.html(
    "<!doctype html>" +
      (
        <LoginPage
          language={language}
          client={client}
          socialProviders={config.auth.socialProviders}
          switchLanguageUrl={switchUrl.href}
          assetsUrl={urlFor(config.apps.auth, "/assets")}
          browserConfig={{
            idpApiUrl: config.idp.apiUrl,
            idpApiKey: config.idp.apiKey,
            callbackUrl: urlFor(config.apps.auth, "/api/callback"),
            state,
            requiredDocumentKeys: client.requiredDocumentKeys,
            errors: STRINGS[language].errors,
            working: STRINGS[language].working,
            link: {
              grantUrl: urlFor(config.apps.auth, "/api/link/grant"),
              redeemUrl: urlFor(config.apps.auth, "/api/link/redeem"),
              strings: LINK_STRINGS[language],
            },
          }}
        />
      ).toString(),
  );
});

/** The PKCE challenge of the request: S256 only, and required for app (custom scheme) targets. */
function checkedChallenge(c: AuthContext, query: z.infer<typeof loginQuery>, redirectUri: URL): string | null {
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

function contentSecurityPolicy(idpApiUrl: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    `connect-src 'self' ${new URL(idpApiUrl).origin}`,
    "form-action 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}
