import { describe, expect, it } from "vitest";
import type { StoreClientConfig } from "../../src/store/api";
import { hostedBindings, hostedFetch } from "./hosted-build";

// The store page in the stg and prd build (platform/production.ts), where every app has a host
// of its own: the page's CSP must let it reach the sign-in service and the identity provider,
// which in dev share its origin.

function directivesOf(res: Response): Map<string, string[]> {
  return new Map(
    (res.headers.get("content-security-policy") ?? "").split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources] as const;
    }),
  );
}

describe.each(["stg", "prd"] as const)("the store page in %s", (environment) => {
  const bindings = hostedBindings(environment);

  it("allows connections to exactly the origins the page calls: itself, the sign-in service, the identity provider", async () => {
    for (const path of ["/", "/result"]) {
      const res = await hostedFetch(bindings, `${bindings.STORE_URL}${path}`);
      expect(res.status).toBe(200);
      expect(directivesOf(res).get("connect-src")).toEqual([
        "'self'",
        bindings.AUTH_URL,
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
      ]);
    }
  });

  it("names those same origins in the config the page reads, so the policy and the page cannot drift apart", async () => {
    const page = await hostedFetch(bindings, `${bindings.STORE_URL}/`);
    const connect = directivesOf(page).get("connect-src") ?? [];
    const res = await hostedFetch(bindings, `${bindings.STORE_URL}/api/config`);
    expect(res.status).toBe(200);
    const config = await res.json<StoreClientConfig>();
    // The page calls {authUrl}/api/consent/pending, {idp.apiUrl}/v1/accounts:... and {idp.tokenUrl}/v1/token.
    for (const url of [config.authUrl, config.idp.apiUrl, config.idp.tokenUrl]) {
      expect(connect).toContain(new URL(url).origin);
    }
  });
});
