/**
 * Stands in for the internet in Worker tests (there is none on these machines): answers the one
 * allow-listed venue host, the operations webhook (OPS_WEBHOOK_URL of the tests) and a provider
 * whose accounts were never revoked (GOOGLE_ADMIN_API), and refuses everything else the way an
 * unreachable host would.
 */
export async function fakeInternet(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.hostname === "ops-hook.test" && request.method === "POST") return new Response(null, { status: 204 });
  if (url.origin === GOOGLE_ADMIN_API) return googleAdminApi(request, url);
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

/**
 * The provider's admin calls as Google answers them for an account that exists and was never
 * revoked (no validSince, not disabled): the OAuth token trade and the project-scoped
 * `accounts:lookup` of src/idp/admin-client.ts. For tests of the stg/prd build whose subject is not
 * revocation (cookie attributes, say): `hostedBindings(env, { IDP_API_URL: GOOGLE_ADMIN_API })`.
 * An account whose uid starts with OPERATOR_UID_PREFIX carries the admin claim.
 */
export const GOOGLE_ADMIN_API = "https://identitytoolkit.test";
export const OPERATOR_UID_PREFIX = "operator-";

async function googleAdminApi(request: Request, url: URL): Promise<Response> {
  if (url.pathname === "/oauth2/token" && request.method === "POST") {
    return Response.json({ access_token: "ya29.fake-internet", expires_in: 3599, token_type: "Bearer" });
  }
  if (/^\/v1\/projects\/[^/]+\/accounts:lookup$/.test(url.pathname) && request.method === "POST") {
    const { localId = [] } = (await request.json()) as { localId?: string[] };
    return Response.json({
      kind: "identitytoolkit#GetAccountInfoResponse",
      users: localId.map((id) => ({
        localId: id,
        ...(id.startsWith(OPERATOR_UID_PREFIX) ? { customAttributes: JSON.stringify({ admin: true }) } : {}),
      })),
    });
  }
  return Response.json({ error: { code: 404, message: "NOT_FOUND", status: "NOT_FOUND" } }, { status: 404 });
}
