/**
 * Which outbound URLs scenario code may reach: hosts on the allow-list, over http(s) on the
 * default port, nothing else. Pure, so it is tested apart from the gate that enforces it.
 */
export type EgressVerdict = { allowed: true; url: URL } | { allowed: false; reason: string };

const IPV4_LITERAL = /^\d{1,3}(\.\d{1,3}){3}$/;

export function parseAllowList(value: string): string[] {
  return value
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== "");
}

export function checkEgress(rawUrl: string, allowedHosts: readonly string[]): EgressVerdict {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { allowed: false, reason: "not a URL" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { allowed: false, reason: `scheme ${url.protocol} is not allowed` };
  if (url.username || url.password) return { allowed: false, reason: "credentials in the URL are not allowed" };
  if (url.port !== "") return { allowed: false, reason: `port ${url.port} is not allowed` };
  const host = url.hostname.toLowerCase();
  if (IPV4_LITERAL.test(host) || host.startsWith("["))
    return { allowed: false, reason: "IP addresses are not allowed" };
  if (!allowedHosts.includes(host)) return { allowed: false, reason: `host ${host} is not on the allow-list` };
  return { allowed: true, url };
}
