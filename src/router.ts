import type { BaseUrl } from "./base-url";
import type { Environment } from "./config";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface MatchOptions {
  /**
   * In local dev, localhost, 127.0.0.1 and [::1] on the same port are one machine: a browser
   * on http://127.0.0.1:8787/auth reaches the app configured as http://localhost:8787/auth.
   */
  readonly loopbackAliases: boolean;
}

/** How the platform's router matches requests in an environment: loopback aliases in dev only. */
export function matchOptionsFor(environment: Environment): MatchOptions {
  return { loopbackAliases: environment === "dev" };
}

/**
 * Picks the app whose base URL contains the request URL: same origin, and the path equals the
 * prefix or continues it after a "/" (so "/authx" is not under "/auth"). Longest prefix wins.
 */
export function matchApp<Name extends string>(
  requestUrl: URL,
  apps: Readonly<Partial<Record<Name, BaseUrl>>>,
  options: MatchOptions,
): Name | null {
  let best: { name: Name; length: number } | null = null;
  for (const name of Object.keys(apps) as Name[]) {
    const base = apps[name];
    if (!base || !sameOrigin(requestUrl, base.origin, options)) continue;
    if (!isUnderPath(requestUrl.pathname, base.path)) continue;
    if (!best || base.path.length > best.length) best = { name, length: base.path.length };
  }
  return best?.name ?? null;
}

function isUnderPath(pathname: string, prefix: string): boolean {
  if (prefix === "") return true;
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Whether the URL is on `origin`, as the router sees it (loopback hosts are one in local dev). */
export function sameOrigin(requestUrl: URL, origin: string, options: MatchOptions): boolean {
  if (requestUrl.origin === origin) return true;
  if (!options.loopbackAliases) return false;
  const base = new URL(origin);
  return (
    LOOPBACK_HOSTS.has(requestUrl.hostname) &&
    LOOPBACK_HOSTS.has(base.hostname) &&
    requestUrl.protocol === base.protocol &&
    requestUrl.port === base.port
  );
}
