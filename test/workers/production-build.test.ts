import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hostedBindings, hostedFetch } from "./hosted-build";

// The stg/prd build (platform/production.ts): every app answers its files and pages with HSTS,
// on a copy of the static-assets answer (whose headers are immutable), and no stand-in is in it.

describe.each(["stg", "prd"] as const)("the %s build", (environment) => {
  const bindings = hostedBindings(environment);
  const host = (app: string) => `https://${environment === "stg" ? "stg." : ""}${app}.example.com`;

  it("answers the static files of every app's pages with 200 and HSTS", async () => {
    const files = [
      `${host("auth")}/assets/login.js`,
      `${host("auth")}/assets/login.css`,
      `${host("auth")}/assets/style.css`,
      `${host("api")}/assets/product-order.js`,
      `${host("rooms")}/assets/lobby.js`,
      `${host("store")}/favicon.svg`,
      `${host("store")}/`,
    ];
    for (const url of files) {
      const res = await hostedFetch(bindings, url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("strict-transport-security"), url).toBe("max-age=31536000; includeSubDomains");
      await res.body?.cancel();
    }
  });

  it("mounts no stand-in, even when a dev URL is left in its vars", async () => {
    const withDevUrls = {
      ...bindings,
      IDP_URL: `${host("auth")}/idp`,
      PAYMENTS_URL: `${host("auth")}/payments`,
    } as Env;
    for (const url of [`${host("auth")}/idp/jwks`, `${host("auth")}/payments/v1/prices`]) {
      const res = await hostedFetch(withDevUrls, url);
      expect(res.status, url).toBe(404);
    }
  });
});

describe("the stg/prd build given the dev environment", () => {
  it("refuses to serve, naming the stand-in it does not contain", async () => {
    const res = await hostedFetch(env, "http://localhost:8787/auth/health");
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe("config_invalid");
    expect(body.message).toContain("IDP_URL names the dev-idp stand-in, which this build does not contain");
  });
});
