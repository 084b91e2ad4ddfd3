import { Hono } from "hono";
import { formatBaseUrl } from "../../../src/base-url";
import type { Config } from "../../../src/config";
import type { StoreClientConfig } from "../../../src/store/api";
import type { StoreEnv } from "../store-env";

/**
 * What the page needs to sign in, all of it public (the identity provider's web API key is
 * shipped in every client app). The page reads it instead of having URLs built in, so one build
 * serves every environment; the page's CSP allows exactly the origins it names (routes/spa.ts).
 */
export function storeClientConfig(config: Config): StoreClientConfig {
  return {
    environment: config.environment,
    authUrl: formatBaseUrl(config.apps.auth),
    clientId: "store",
    idp: { apiUrl: config.idp.apiUrl, tokenUrl: config.idp.tokenUrl, apiKey: config.idp.apiKey },
  };
}

/** GET /api/config: storeClientConfig of this environment. */
export const configRoutes = new Hono<StoreEnv>().get("/api/config", (c) => {
  c.header("cache-control", "no-cache");
  return c.json(storeClientConfig(c.get("config")));
});
