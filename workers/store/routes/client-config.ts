import { Hono } from "hono";
import { formatBaseUrl } from "../../../src/base-url";
import type { StoreClientConfig } from "../../../src/store/api";
import type { StoreEnv } from "../store-env";

/**
 * GET /api/config: what the page needs to sign in, all of it public (the identity provider's web
 * API key is shipped in every client app). The page reads it instead of having URLs built in,
 * so one build serves every environment.
 */
export const configRoutes = new Hono<StoreEnv>().get("/api/config", (c) => {
  const config = c.get("config");
  c.header("cache-control", "no-cache");
  const body: StoreClientConfig = {
    environment: config.environment,
    authUrl: formatBaseUrl(config.apps.auth),
    clientId: "store",
    idp: { apiUrl: config.idp.apiUrl, tokenUrl: config.idp.tokenUrl, apiKey: config.idp.apiKey },
  };
  return c.json(body);
});
