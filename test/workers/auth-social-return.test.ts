import { describe, expect, it } from "vitest";
import { LOGIN_CONFIG_ID, type LoginPageConfig, SOCIAL_RETURN_CONFIG_ID } from "../../src/page-configs/login";
import { AUTH, platform } from "./auth-support";
import { idpPost } from "./helpers/dev-idp";
import { hostedBindings, hostedFetch } from "./hosted-build";

// Social sign-in returns to one registered address per environment ({AUTH_URL}/login/callback):
// real OAuth providers send the browser back only to a redirect URI registered with them, exactly.

function configIn<Config>(html: string, id: string): Config {
  const json = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`, "s").exec(html)?.[1];
  return JSON.parse(json ?? "null") as Config;
}

const loginQuery = (target: string, clientId: string, extra: Record<string, string> = {}) =>
  new URLSearchParams({ redirect_uri: target, client_id: clientId, ...extra }).toString();

describe("the login page's social return address", () => {
  it("dev: the same fixed address whatever the login page's query, and the dev IdP takes it", async () => {
    const pages = [
      loginQuery("http://localhost:3000/a", "store"),
      loginQuery("http://localhost:3000/b?x=1", "portal", { prompt: "select_account", ui_locales: "ja" }),
    ];
    for (const query of pages) {
      const page = await platform(`${AUTH}/login?${query}`);
      expect(page.status).toBe(200);
      const config = configIn<LoginPageConfig>(await page.text(), LOGIN_CONFIG_ID);
      expect(config.socialCallbackUrl).toBe(`${AUTH}/login/callback`);
      // What the page sends as continueUri is a redirect URI the provider has registered.
      const started = await idpPost("/v1/accounts:createAuthUri", {
        providerId: "google.com",
        continueUri: config.socialCallbackUrl,
      });
      expect(started.status).toBe(200);
    }
  });

  it.each(["stg", "prd"] as const)("%s: {AUTH_URL}/login/callback on the stg/prd build", async (environment) => {
    const bindings = hostedBindings(environment);
    const page = await hostedFetch(
      bindings,
      `${bindings.AUTH_URL}/login?${loginQuery(`${bindings.STORE_URL}/coins`, "store")}`,
    );
    expect(page.status).toBe(200);
    expect(configIn<LoginPageConfig>(await page.text(), LOGIN_CONFIG_ID).socialCallbackUrl).toBe(
      `https://${environment === "stg" ? "stg." : ""}auth.example.com/login/callback`,
    );
  });
});

describe("GET /login/callback", () => {
  const expectReturnPage = async (res: Response, loginUrl: string) => {
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(configIn(html, SOCIAL_RETURN_CONFIG_ID)).toEqual({ loginUrl });
    expect(html).toContain("/assets/login-callback.js");
    // The provider's one-time code is in this address: no other origin may see it, nothing keeps it.
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("connect-src");
    expect(csp).toContain("frame-ancestors 'none'");
  };

  it("dev: the return page, which hands the provider's answer to {AUTH_URL}/login only", async () => {
    await expectReturnPage(await platform(`${AUTH}/login/callback?code=c0de&state=s1`), `${AUTH}/login`);
  });

  it.each(["stg", "prd"] as const)(
    "%s: the same page on the stg/prd build, in the person's language",
    async (environment) => {
      const bindings = hostedBindings(environment);
      const url = `${bindings.AUTH_URL}/login/callback?code=c0de&state=s1`;
      await expectReturnPage(await hostedFetch(bindings, url), `${bindings.AUTH_URL}/login`);
      const ja = await hostedFetch(bindings, url, { headers: { "accept-language": "ja" } });
      expect(await ja.text()).toContain("ログインを完了しています…");
    },
  );

  it("is served its script from the auth app's assets", async () => {
    const script = await platform(`${AUTH}/assets/login-callback.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain("login.social.return");
  });
});
