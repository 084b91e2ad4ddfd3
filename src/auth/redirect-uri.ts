import type { Environment } from "../config";
import type { AuthConfig } from "../config/auth";

/** Which redirect targets an environment accepts (document 1, Authentication 7). */
export interface RedirectPolicy {
  readonly environment: Environment;
  readonly operatorDomains: readonly string[];
  readonly mobileScheme: string;
  readonly previewDomains: readonly string[];
}

export function redirectPolicyFor(environment: Environment, auth: AuthConfig): RedirectPolicy {
  return {
    environment,
    operatorDomains: auth.operatorDomains,
    mobileScheme: auth.mobileScheme,
    previewDomains: auth.previewDomains,
  };
}

export type RedirectCheck = { ok: true; url: URL } | { ok: false; reason: string };

const MAX_LENGTH = 2048;
const ENVIRONMENT_PREFIXES = ["stg.", "dev."] as const;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
// Characters the URL parser would silently drop or reinterpret: controls, spaces, backslashes.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\\]/;
// scheme "://" authority; the authority ends at the first "/", "?" or "#".
const RAW_AUTHORITY = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i;

/**
 * Checks a redirect_uri against the environment's allow-list. The string is parsed with the URL
 * standard, and the raw text is checked too, so that nothing the parser normalises away
 * (userinfo, percent-encoded or backslash tricks, trailing dots) can smuggle in another host.
 */
export function checkRedirectUri(raw: string, policy: RedirectPolicy): RedirectCheck {
  if (raw.length === 0) return refuse("is empty");
  if (raw.length > MAX_LENGTH) return refuse(`is longer than ${MAX_LENGTH} characters`);
  if (UNSAFE_CHARACTERS.test(raw)) return refuse("contains whitespace, control characters or a backslash");
  const authority = RAW_AUTHORITY.exec(raw);
  if (!authority) return refuse("is not an absolute URL with an authority (scheme://host)");
  const rawScheme = (authority[1] as string).toLowerCase();
  const rawAuthority = authority[2] as string;
  if (rawAuthority.includes("@")) return refuse("must not contain user information");
  if (rawAuthority.includes("%")) return refuse("must not percent-encode its host");
  if (raw.includes("#")) return refuse("must not contain a fragment");

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("is not a valid URL");
  }
  if (url.username || url.password) return refuse("must not contain user information");
  // The parser rewrites some hosts (numeric IPv4 forms, non-ASCII names): accept only canonical ones.
  if (hostOf(rawAuthority) !== url.hostname) return refuse("must name its host in canonical form");

  if (rawScheme === policy.mobileScheme) return checkMobile(url);
  if (url.protocol !== "https:" && url.protocol !== "http:") return refuse(`uses a scheme that is not allowed here`);
  return checkWebHost(url, policy);
}

function hostOf(authority: string): string {
  const host = authority.startsWith("[") ? authority.slice(0, authority.indexOf("]") + 1) : authority.split(":")[0];
  return (host ?? "").toLowerCase();
}

function checkMobile(url: URL): RedirectCheck {
  // The apps receive <scheme>://auth?code=...; no other host, no port.
  if (url.hostname !== "auth" || url.port !== "") return refuse("must be <mobile scheme>://auth");
  return { ok: true, url };
}

function checkWebHost(url: URL, policy: RedirectPolicy): RedirectCheck {
  const host = url.hostname;
  if (host.endsWith(".")) return refuse("must not end its host with a dot");
  if (policy.environment === "dev" && LOOPBACK_HOSTS.has(host)) return { ok: true, url };
  if (url.protocol !== "https:") return refuse("must use https");
  if (url.port !== "") return refuse("must not name a port");

  if (policy.environment === "dev" && policy.previewDomains.some((domain) => isStrictSubdomain(host, domain))) {
    return { ok: true, url };
  }
  const prefix = policy.environment === "prd" ? "" : `${policy.environment}.`;
  if (prefix && !host.startsWith(prefix))
    return refuse(`must be a host starting with ${prefix} in ${policy.environment}`);
  const rest = host.slice(prefix.length);
  if (ENVIRONMENT_PREFIXES.some((p) => rest.startsWith(p))) return refuse("belongs to another environment");
  if (!policy.operatorDomains.some((domain) => rest === domain || rest.endsWith(`.${domain}`))) {
    return refuse("is not on a domain of this service");
  }
  return { ok: true, url };
}

function isStrictSubdomain(host: string, domain: string): boolean {
  return host.endsWith(`.${domain}`) && host.length > domain.length + 1;
}

function refuse(reason: string): RedirectCheck {
  return { ok: false, reason: `redirect_uri ${reason}` };
}

/** The redirect target with extra query parameters (idpAuthCustomToken, code). */
export function withQuery(target: URL, params: Record<string, string>): string {
  const url = new URL(target.href);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}
