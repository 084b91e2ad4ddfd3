import { describe, expect, it } from "vitest";
import { hostedBindings, hostedFetch } from "./hosted-build";

// wrangler.toml ships REPLACE_WITH_ placeholders where an operator's values go (README "Deploy").
// The stg/prd build deployed with one left in answers config_invalid naming it, instead of a
// healthy /health and a login page that hands the placeholder to browsers.

const prd = hostedBindings("prd", { IDP_API_KEY: "AIzaSyPrdWebApiKey", IDP_RECAPTCHA_SITE_KEY: "6LcPrdSiteKey" });

const HOSTS = ["auth", "store", "api", "rooms"].map((app) => `https://${app}.example.com`);

const get = (url: string, bindings: Env) => hostedFetch(bindings, url);

describe("the prd build with a placeholder left in its vars", () => {
  it("is healthy with every value filled in", async () => {
    for (const host of HOSTS) {
      const res = await get(`${host}/health`, prd);
      expect(res.status, host).toBe(200);
    }
  });

  it.each([
    ["IDP_API_KEY", "REPLACE_WITH_PRD_WEB_API_KEY"],
    ["IDP_RECAPTCHA_SITE_KEY", "REPLACE_WITH_PRD_RECAPTCHA_SITE_KEY"],
  ])("answers every app 500 config_invalid naming %s", async (variable, placeholder) => {
    const bindings = hostedBindings("prd", { [variable]: placeholder });
    for (const host of HOSTS) {
      const res = await get(`${host}/health`, bindings);
      expect(res.status, host).toBe(500);
      const body = await res.json<{ error: string; message: string }>();
      expect(body.error).toBe("config_invalid");
      expect(body.message).toContain(`${variable} is a placeholder`);
    }
    // The login page never renders: nothing hands the placeholder to a browser.
    const login = await get("https://auth.example.com/login?client_id=admin", bindings);
    expect(login.status).toBe(500);
    expect(await login.text()).not.toContain(placeholder);
  });
});
