import { exports } from "cloudflare:workers";
import type { Config } from "../config";
import { matchApp } from "../router";
import { FirebaseIdentityProvider } from "./firebase-provider";
import type { IdentityProvider } from "./identity-provider";
import type { Fetcher } from "./jwks";

export type { IdpConfig } from "./config";
export * from "./identity-provider";

const providers = new WeakMap<object, IdentityProvider>();

/** The identity provider of this environment, built once per env (its key and JWKS caches live on). */
export function identityProviderFor(env: Env, config: Config): IdentityProvider {
  let provider = providers.get(env);
  if (!provider) {
    provider = new FirebaseIdentityProvider(config.idp, providerFetcher(config));
    providers.set(env, provider);
  }
  return provider;
}

/**
 * In dev the provider is workers/dev-idp inside this very Worker, and a Worker fetching its own
 * URL is unreliable (and goes to the network). Requests under the dev IdP's base URL are handed
 * to this Worker's own fetch handler through ctx.exports instead: no socket, same code path.
 */
export function providerFetcher(config: Config): Fetcher {
  if (!config.apps["dev-idp"]) return (request) => fetch(request);
  return (request) => {
    const app = matchApp(new URL(request.url), config.apps, { loopbackAliases: true });
    return app === "dev-idp" ? exports.default.fetch(request) : fetch(request);
  };
}
