import { z } from "zod";

/**
 * Where a platform says where its apps are, at the root of any of its origins: how
 * `scenario login --platform <origin>` (and the publish-token page's command) learns the URLs it
 * publishes to, whatever port `npm run dev` runs on or whatever hosts stg and prd use.
 */
export const PLATFORM_URLS_PATH = "/.well-known/scenario-platform";

const httpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/** The answer of GET {origin}/.well-known/scenario-platform: each app's base URL (AUTH_URL, API_URL, ...). */
export const platformUrlsSchema = z.object({
  authUrl: httpUrl,
  apiUrl: httpUrl,
  roomsUrl: httpUrl,
  storeUrl: httpUrl,
});

export type PlatformUrls = z.infer<typeof platformUrlsSchema>;
