import type { IncomingMessage } from "node:http";

/**
 * What the harness server passes on to the rooms' dev tools (harness-server.ts): reads with GET,
 * and the inspector's acts with a JSON POST from the harness page itself (a page of another site
 * must not change the author's game). The rooms app checks the act itself; null when it may pass.
 */
export function devToolsRefusal(
  req: IncomingMessage,
  pathname: string,
  origins: readonly string[],
): { status: 403 | 405 | 415; body: { error: string; message: string } } | null {
  if (req.method === "GET" || req.method === "HEAD") return null;
  const refuse = (status: 403 | 405 | 415, error: string, message: string) => ({ status, body: { error, message } });
  if (req.method !== "POST" || !pathname.endsWith("/inspect"))
    return refuse(405, "method_not_allowed", "GET the dev tools; POST an inspector's act to .../inspect");
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.includes(origin))
    return refuse(403, "cross_origin", "Only the harness page itself may act on its rooms");
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? ""))
    return refuse(415, "unsupported_media_type", "Send the act as application/json");
  return null;
}
