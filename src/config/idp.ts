import { z } from "zod";

/** Where the identity provider lives and how this platform signs in to it (src/idp). */
export interface IdpConfig {
  /** Provider project id: ID tokens have iss https://securetoken.google.com/<projectId> and aud <projectId>. */
  readonly projectId: string;
  /** Web API key sent as ?key= on REST calls (public by design: client apps ship it). */
  readonly apiKey: string;
  /** Base of the Identity-Toolkit-style REST API (…/v1/accounts:signInWithCustomToken). */
  readonly apiUrl: string;
  /** Base of the securetoken-style API (…/v1/token for refresh). */
  readonly tokenUrl: string;
  /** JWK set of the keys that sign ID tokens. */
  readonly jwksUrl: string;
  /**
   * Site key of the reCAPTCHA the provider checks before it sends an SMS code (public: the login
   * page renders the widget with it). stg/prd: the key the provider's project uses for phone
   * sign-in; dev: the dev IdP's own (src/auth/recaptcha.ts).
   */
  readonly recaptchaSiteKey: string;
  /** The service account whose key signs custom tokens (secret IDP_SERVICE_ACCOUNT). */
  readonly serviceAccount: ServiceAccount;
  /**
   * Where the adapter trades a service-account assertion for a Google OAuth 2.0 access token, the
   * credential of the provider's admin calls (revocation checks): the key file's `token_uri`, as
   * Google's libraries read it (every key file the console hands out names
   * https://oauth2.googleapis.com/token); a key file without one (those made on this machine for
   * the dev IdP) uses `{apiUrl}/oauth2/token`, where the dev IdP answers.
   */
  readonly adminTokenUrl: string;
}

export interface ServiceAccount {
  readonly clientEmail: string;
  /** PKCS#8 PEM. Never logged, never in a message. */
  readonly privateKey: string;
  /** The key file's `token_uri` (Google's OAuth 2.0 token endpoint), when it names one. */
  readonly tokenUri: string | null;
}

const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: "must be an absolute http(s) URL",
  })
  .transform((value) => value.replace(/\/+$/, ""));

const PEM_PRIVATE_KEY = /^-----BEGIN PRIVATE KEY-----\s[A-Za-z0-9+/=\s]+-----END PRIVATE KEY-----\s*$/;

/**
 * The secret as the provider's console hands it out (a JSON key file; extra fields ignored).
 * Messages never quote the value: zod's own messages would echo it, so each failure is ours.
 */
const serviceAccountSecret = z.string().transform((value, ctx): ServiceAccount => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    ctx.addIssue({ code: "custom", message: "must be the service account's JSON key file (not valid JSON)" });
    return z.NEVER;
  }
  const shape = z
    .object({
      client_email: z.email(),
      private_key: z.string().regex(PEM_PRIVATE_KEY),
      token_uri: httpUrl.optional(),
    })
    .safeParse(parsed);
  if (!shape.success) {
    const fields = [...new Set(shape.error.issues.map((issue) => String(issue.path[0] ?? "JSON")))].join(", ");
    ctx.addIssue({
      code: "custom",
      message: `must be JSON with client_email (an email), private_key (a PKCS#8 PEM) and, if any, token_uri (an http(s) URL); bad: ${fields}`,
    });
    return z.NEVER;
  }
  return {
    clientEmail: shape.data.client_email,
    privateKey: shape.data.private_key,
    tokenUri: shape.data.token_uri ?? null,
  };
});

/** The vars and secret behind IdpConfig; composed into the platform's config schema (src/config/index.ts). */
export const idpVarsSchema = z.object({
  IDP_PROJECT_ID: z.string().regex(/^[a-z][a-z0-9-]{3,61}[a-z0-9]$/, {
    message: "must be a provider project id (lower-case letters, digits, dashes)",
  }),
  IDP_API_KEY: z.string().refine((value) => value.trim() !== "", { message: "must not be empty" }),
  IDP_API_URL: httpUrl,
  IDP_TOKEN_URL: httpUrl,
  IDP_JWKS_URL: httpUrl,
  IDP_RECAPTCHA_SITE_KEY: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, {
    message: "must be a reCAPTCHA site key (letters, digits, '-', '_')",
  }),
  IDP_SERVICE_ACCOUNT: serviceAccountSecret,
});

export function idpConfigFrom(vars: z.output<typeof idpVarsSchema>): IdpConfig {
  return {
    projectId: vars.IDP_PROJECT_ID,
    apiKey: vars.IDP_API_KEY,
    apiUrl: vars.IDP_API_URL,
    tokenUrl: vars.IDP_TOKEN_URL,
    jwksUrl: vars.IDP_JWKS_URL,
    recaptchaSiteKey: vars.IDP_RECAPTCHA_SITE_KEY,
    serviceAccount: vars.IDP_SERVICE_ACCOUNT,
    adminTokenUrl: vars.IDP_SERVICE_ACCOUNT.tokenUri ?? `${vars.IDP_API_URL}/oauth2/token`,
  };
}
