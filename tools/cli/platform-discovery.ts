import { PLATFORM_URLS_PATH, type PlatformUrls, platformUrlsSchema } from "../../src/publishing/platform-urls.ts";
import { call, PublishError } from "./platform-client.ts";

/**
 * `--platform <url>`: asks the platform at that URL's origin where its sign-in service and
 * backend are (GET /.well-known/scenario-platform), so one address, the local platform's
 * (http://localhost:8795) or any host of a deployed one, is all the CLI needs.
 */
export async function discoverPlatform(platform: string): Promise<PlatformUrls> {
  const url = URL.canParse(platform) ? new URL(platform) : null;
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new PublishError(
      `--platform must be the platform's http(s) URL, such as http://localhost:8787 (got ${platform})`,
    );
  }
  const origin = url.origin;
  const where = `${origin}${PLATFORM_URLS_PATH}`;
  const res = await call(
    "Finding the platform's URLs",
    where,
    { headers: { accept: "application/json" } },
    "Is the platform running there? Locally, that is the port npm run dev prints (npm run dev -- --port N moves it).",
  );
  const text = await res.text();
  const parsed = platformUrlsSchema.safeParse(res.ok ? parsedJson(text) : null);
  if (!parsed.success) {
    throw new PublishError(
      `${origin} does not say where its apps are (GET ${where} answered HTTP ${res.status}): is it a scenario platform? Give its address as the publish-token page's npx scenario login line does.`,
    );
  }
  return parsed.data;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
