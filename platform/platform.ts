import { Hono } from "hono";
import { type AppName, type Config, ConfigError, configFor } from "../src/config";
import { matchApp, matchOptionsFor } from "../src/router";
import { accessLog, logAccess } from "../src/worker-kit/access-log";
import type { AppEnv } from "../src/worker-kit/app-env";
import { errorResponse, handleError, notFound } from "../src/worker-kit/errors";
import { currentLog, loggerFor, requestIdOf, withLog, withRequestIdHeader } from "../src/worker-kit/request-log";
import { createAuthApp } from "../workers/auth/app";
import { createBackendApp } from "../workers/backend/app";
import { createDevIdpApp } from "../workers/dev-idp/app";
import { createDevPaymentsApp } from "../workers/dev-payments/app";
import { createRoomsApp } from "../workers/rooms/app";
import { createStoreApp } from "../workers/store/app";
import { renderDevIndexPage } from "./dev-index-page";

const APP_FACTORIES: Record<AppName, () => Hono<AppEnv>> = {
  auth: createAuthApp,
  store: createStoreApp,
  backend: createBackendApp,
  rooms: createRoomsApp,
  "dev-idp": createDevIdpApp,
  "dev-payments": createDevPaymentsApp,
};

/** An app mounted under its base path, with the config in its context and JSON errors. */
function mountApp(config: Config, name: AppName): Hono<AppEnv> {
  const base = config.apps[name];
  if (!base) throw new Error(`app ${name} is not configured`);
  const root = new Hono<AppEnv>();
  root.use(async (c, next) => {
    c.set("config", config);
    await next();
  });
  root.use(accessLog);
  root.route(base.path || "/", APP_FACTORIES[name]());
  root.notFound(notFound);
  root.onError(handleError);
  return root;
}

class Platform {
  private readonly mounted = new Map<AppName, Hono<AppEnv>>();

  constructor(readonly config: Config) {}

  app(name: AppName): Hono<AppEnv> {
    let app = this.mounted.get(name);
    if (!app) {
      app = mountApp(this.config, name);
      this.mounted.set(name, app);
    }
    return app;
  }
}

const platforms = new WeakMap<object, Platform>();

function platformFor(env: Env): Platform {
  let platform = platforms.get(env);
  if (!platform) {
    platform = new Platform(configFor(env));
    platforms.set(env, platform);
  }
  return platform;
}

/**
 * The Worker's fetch handler: give the request its id and logger, find the app whose base URL
 * holds it, hand it over. Every response carries the id in x-request-id.
 */
export async function handlePlatformRequest(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const requestId = requestIdOf(request);
  const log = loggerFor(env, { app: "platform", requestId });
  const response = await withLog(log, () => routeRequest(request, env, ctx));
  return withRequestIdHeader(response, requestId);
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
  const name = matchApp(url, config.apps, matchOptionsFor(config.environment));
  if (name) {
    const appLog = currentLog().child({ app: name });
    return withLog(appLog, () => platform.app(name).fetch(request, env, ctx));
  }
  return logged(request, started, await outsideApps(request, env, config, url));
}

/** The access line of a request no app took (the dev index page, its assets, 404 no_app). */
function logged(request: Request, started: number, response: Response): Response {
  logAccess(currentLog(), { method: request.method, route: "(router)", status: response.status, started });
  return response;
}

async function outsideApps(request: Request, env: Env, config: Config, url: URL): Promise<Response> {
  if (config.environment === "dev" && request.method === "GET") {
    if (url.pathname === "/") {
      const page = await renderDevIndexPage(config);
      return new Response(page.toString(), { headers: { "content-type": "text/html; charset=utf-8" } });
    }
    if (url.pathname.startsWith("/_platform/")) return env.ASSETS.fetch(request);
  }
  return errorResponse(404, "no_app", `No app of this platform is served at ${url.origin}${url.pathname}`);
}
