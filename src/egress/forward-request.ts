/**
 * The request the egress gate sends on for one checked URL: the caller's method, headers and body,
 * and nothing else. The caller's `cf` options are dropped (`resolveOverride` would send the request
 * to another origin than the checked host), and so is any Host header: the URL alone names the host.
 */
export async function forwardedRequest(request: Request, url: URL): Promise<Request> {
  const headers = new Headers(request.headers);
  headers.delete("host");
  const body = request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers, body, redirect: "manual" });
}
