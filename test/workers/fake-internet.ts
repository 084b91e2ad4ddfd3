/**
 * Stands in for the internet in Worker tests (there is none on these machines): answers the one
 * allow-listed venue host and the operations webhook (OPS_WEBHOOK_URL of the tests), and refuses
 * everything else the way an unreachable host would.
 */
export async function fakeInternet(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === "ops-hook.test" && request.method === "POST") return new Response(null, { status: 204 });
  if (url.hostname === "venue-device.test") {
    if (url.pathname === "/ok") return new Response("venue ok", { status: 200 });
    if (url.pathname === "/echo") return echo(request, url);
    if (url.pathname === "/redirect-out")
      return new Response(null, { status: 302, headers: { location: "https://evil.test/steal" } });
    if (url.pathname === "/redirect-in") return new Response(null, { status: 302, headers: { location: "/ok" } });
    if (url.pathname === "/redirect-loop") {
      return new Response(null, { status: 302, headers: { location: "/redirect-loop" } });
    }
    return new Response("not found", { status: 404 });
  }
  return new Response(`fake internet: ${url.hostname} is unreachable`, { status: 502 });
}

/** What arrived: the URL's host, the Host header and any `cf` options, so tests can see what the gate forwarded. */
function echo(request: Request, url: URL): Response {
  const cf = (request as Request & { cf?: unknown }).cf ?? null;
  return Response.json({ urlHost: url.host, hostHeader: request.headers.get("host"), cf });
}
