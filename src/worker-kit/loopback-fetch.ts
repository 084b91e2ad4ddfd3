import { exports } from "cloudflare:workers";
import type { Config } from "../config";
import { matchApp, matchOptionsFor } from "../router";

export type Fetcher = (request: Request) => Promise<Response>;

/**
 * fetch for URLs that may belong to an app of this very Worker (the backend's GraphQL, the dev
 * identity provider, the dev payment stand-in, the backend's webhook): those are handed to the
 * Worker's own fetch handler through ctx.exports, since a Worker fetching its own hostname is
 * unreliable (and in dev would leave the machine). Anything else goes to the network. The one
 * way an app calls another app of the platform over HTTP.
 */
export function loopbackFetcher(config: Config): Fetcher {
  const options = matchOptionsFor(config.environment);
  return (request) =>
    matchApp(new URL(request.url), config.apps, options) ? exports.default.fetch(request) : fetch(request);
}
