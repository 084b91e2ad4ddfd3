import { z } from "zod";

/** Settings of the sign-in service (document 1), parsed from the Worker's vars. */
export interface AuthConfig {
  /** Cookie Domain of auth_session; null = host-only cookie (local dev on localhost). */
  readonly cookieDomain: string | null;
  /** The operator's registrable domains ("example.com"); redirect targets live under them. */
  readonly operatorDomains: readonly string[];
  /** Custom URL scheme of the mobile and desktop apps of this environment ("com.example.game.dev"). */
  readonly mobileScheme: string;
  /** Preview-hosting domains whose subdomains are allowed redirect targets in dev only. */
  readonly previewDomains: readonly string[];
  /** Social sign-in providers shown as buttons on the login page, in order. */
  readonly socialProviders: readonly SocialProvider[];
}

export const SOCIAL_PROVIDERS = ["google.com", "apple.com", "twitter.com", "facebook.com"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;
// RFC 3986 scheme; a dot is required so it reads like a reverse domain and never collides with http(s).
const MOBILE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/;

const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean),
);

const domainList = commaList.refine((domains) => domains.every((d) => HOSTNAME.test(d)), {
  message: "must be a comma-separated list of lower-case host names (example.com)",
});

/** The vars behind AuthConfig; composed into the platform's config schema (src/config/index.ts). */
export const authVarsSchema = z.object({
  AUTH_DOMAIN: z.string().refine((value) => value === "" || HOSTNAME.test(value) || value === "localhost", {
    message: "must be a host name (auth.example.com), or empty for a host-only cookie",
  }),
  AUTH_OPERATOR_DOMAINS: domainList.refine((domains) => domains.length > 0, { message: "must name a domain" }),
  AUTH_MOBILE_SCHEME: z.string().regex(MOBILE_SCHEME, { message: "must be a reverse-domain URL scheme" }),
  AUTH_PREVIEW_DOMAINS: domainList.default([]),
  AUTH_SOCIAL_PROVIDERS: commaList.pipe(z.array(z.enum(SOCIAL_PROVIDERS))),
});

export function authConfigFrom(vars: z.output<typeof authVarsSchema>): AuthConfig {
  return {
    cookieDomain: vars.AUTH_DOMAIN === "" ? null : vars.AUTH_DOMAIN,
    operatorDomains: vars.AUTH_OPERATOR_DOMAINS,
    mobileScheme: vars.AUTH_MOBILE_SCHEME,
    previewDomains: vars.AUTH_PREVIEW_DOMAINS,
    socialProviders: vars.AUTH_SOCIAL_PROVIDERS,
  };
}
