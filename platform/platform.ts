import { Hono } from "hono";
import { formatBaseUrl } from "../src/base-url";
import { type AppName, type Config, ConfigError, configFor } from "../src/config";
import { PLATFORM_URLS_PATH, type PlatformUrls } from "../src/publishing/platform-urls";
import { matchApp, matchOptionsFor, sameOrigin } from "../src/router";
import { accessLog, logAccess } from "../src/worker-kit/access-log";
import type { AppEnv } from "../src/worker-kit/app-env";
import { errorResponse, handleError, notFound } from "../src/worker-kit/errors";
import { currentLog, loggerFor, requestIdOf, withLog, withRequestIdHeader } from "../src/worker-kit/request-log";
import { HSTS, transportSecurity } from "../src/worker-kit/transport-security";

type AppFactory = () => Hono<AppEnv>;

/**
 * What one build of the Worker contains. The dev build (platform/index.ts) adds the stand-ins
 * and the index page; the stg/prd build (platform/production.ts) has neither, so none of their
 * code is in the bundle that is deployed.
 */
export interface PlatformBuild {
  readonly apps: Readonly<Record<"auth" | "store" | "backend" | "rooms", AppFactory>> &
    Readonly<Partial<Record<"dev-idp" | "dev-payments", AppFactory>>>;
  /** The page at `/` and its files under `/_platform/` (dev only). */
  readonly indexPage?: (config: Config, env: Env) => Promise<string> | string;
}

/** An app mounted under its base path, with the config in its context and JSON errors. */
function mountApp(config: Config, name: AppName, factory: AppFactory): Hono<AppEnv> {
  const base = config.apps[name];
  if (!base) throw new Error(`app ${name} is not configured`);
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("config", config);
    await next();
  });
  root.use(accessLog);
  root.use(transportSecurity);
  root.route(base.path || "/", factory());
  root.notFound(notFound);
  root.onError(handleError);
  return root;
}

class Platform {
  private readonly mounted = new Map<AppName, Hono<AppEnv>>();

  constructor(
    readonly config: Config,
    private readonly build: PlatformBuild,
  ) {
    const missing = (Object.keys(config.apps) as AppName[]).filter((name) => !build.apps[name]);
    if (missing.length > 0) {
      const variable = (name: AppName) => (name === "dev-idp" ? "IDP_URL" : "PAYMENTS_URL");
      throw new ConfigError(
        missing.map((name) => ({
          variable: variable(name),
          message: `names the ${name} stand-in, which this build does not contain (ENVIRONMENT=${config.environment} needs the dev build, platform/index.ts)`,
        })),
      );
    }
  }

  app(name: AppName): Hono<AppEnv> {
    let app = this.mounted.get(name);
    if (!app) {
      const factory = this.build.apps[name];
      if (!factory) throw new Error(`app ${name} is not in this build`);
      app = mountApp(this.config, name, factory);
      this.mounted.set(name, app);
    }
    return app;
  }
}

/**
 * The Worker's fetch handler for one build: give the request its id and logger, find the app
 * whose base URL holds it, hand it over. Every response carries the id in x-request-id.
 */
export function platformHandler(build: PlatformBuild) {
  const platforms = new WeakMap<object, Platform>();

  function platformFor(env: Env): Platform {
    let platform = platforms.get(env);
    if (!platform) {
      platform = new Platform(configFor(env), build);
      platforms.set(env, platform);
    }
    return platform;
  }

  async function routeRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const started = Date.now();
    let platform: Platform;
    try {
      platform = platformFor(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      currentLog().error(error.message, { problems: error.problems });
      return logged(request, started, errorResponse(500, "config_invalid", error.message));
    }
    const { config } = platform;
    const url = new URL(request.url);
    const options = matchOptionsFor(config.environment);
    if (url.pathname === PLATFORM_URLS_PATH && isOnPlatform(url, config, options)) {
      return logged(request, started, platformUrlsResponse(request, config));
    }
    const name = matchApp(url, config.apps, options);
    if (name) {
      const appLog = currentLog().child({ app: name });
      return withLog(appLog, () => platform.app(name).fetch(request, env, ctx));
    }
    return logged(request, started, await outsideApps(request, env, config, url));
  }

  async function outsideApps(request: Request, env: Env, config: Config, url: URL): Promise<Response> {
    if (build.indexPage && config.environment === "dev" && request.method === "GET") {
      if (url.pathname === "/") {
        const page = await build.indexPage(config, env);
        return new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } });
      }
      if (url.pathname.startsWith("/_platform/")) return env.ASSETS.fetch(request);
    }
    return errorResponse(404, "no_app", `No app of this platform is served at ${url.origin}${url.pathname}`);
  }

  return async (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> => {
    const requestId = requestIdOf(request);
    const log = loggerFor(env, { app: "platform", requestId });
    const response = await withLog(log, () => routeRequest(request, env, ctx));
    return withRequestIdHeader(response, requestId);
  };
}

/** Whether the URL is on the origin of one of the platform's apps (a stranger's host is no_app). */
function isOnPlatform(url: URL, config: Config, options: ReturnType<typeof matchOptionsFor>): boolean {
  return Object.values(config.apps).some((base) => base && sameOrigin(url, base.origin, options));
}

/**
 * GET /.well-known/scenario-platform on any origin of the platform, before any app: where each
 * app is (src/publishing/platform-urls.ts). Public, as the URLs are in every page anyway.
 */
function platformUrlsResponse(request: Request, config: Config): Response {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return errorResponse(405, "method_not_allowed", `${PLATFORM_URLS_PATH} answers GET only`, { allow: "GET, HEAD" });
  }
  const urls: PlatformUrls = {
    authUrl: formatBaseUrl(config.apps.auth),
    apiUrl: formatBaseUrl(config.apps.backend),
    roomsUrl: formatBaseUrl(config.apps.rooms),
    storeUrl: formatBaseUrl(config.apps.store),
  };
  const headers: Record<string, string> = { "cache-control": "no-cache" };
  if (config.environment !== "dev") headers["strict-transport-security"] = HSTS;
  return Response.json(urls, { headers });
}

/** The access line of a request no app took (the dev index page, its assets, 404 no_app). */
function logged(request: Request, started: number, response: Response): Response {
  logAccess(currentLog(), { method: request.method, route: "(router)", status: response.status, started });
  return response;
}

/** One app's work on the Worker's cron: handed the bindings and the time the run was scheduled for. */
export type ScheduledTask = (env: Env, scheduledTime: number) => Promise<void>;

/**
 * The Worker's scheduled handler (wrangler.toml `[triggers] crons`): each app's task in turn,
 * logging as that app. A task that throws is logged and the others still run; the run then fails,
 * so the dashboard shows it.
 */
export function scheduledHandler(tasks: Readonly<Partial<Record<AppName, ScheduledTask>>>) {
  return async (controller: ScheduledController, env: Env): Promise<void> => {
    const log = loggerFor(env, { app: "platform", cron: controller.cron });
    let failed = false;
    for (const [app, task] of Object.entries(tasks)) {
      const appLog = log.child({ app });
      await withLog(appLog, () => task(env, controller.scheduledTime)).catch((error: unknown) => {
        failed = true;
        appLog.error("scheduled task failed", {
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
      });
    }
    if (failed) throw new Error("a scheduled task failed (see the log lines before this one)");
  };
}
