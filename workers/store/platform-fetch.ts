import { exports } from "cloudflare:workers";
import type { Config } from "../../src/config";
import { matchApp, matchOptionsFor } from "../../src/router";

export type Fetcher = (request: Request) => Promise<Response>;

/**
 * fetch for URLs that may belong to another app of this very Worker (the backend, the dev
 * payment stand-in): those are handed to the Worker's own fetch handler through ctx.exports,
 * since a Worker fetching its own hostname is unreliable (and in dev would leave the machine).
 * Anything else goes to the network.
 */
export function platformFetcher(config: Config): Fetcher {
  return (request) => {
    const app = matchApp(new URL(request.url), config.apps, matchOptionsFor(config.environment));
    return app ? exports.default.fetch(request) : fetch(request);
  };
}
