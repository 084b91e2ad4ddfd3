import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Config } from "../../src/config";
import type { IdentityProvider } from "../../src/idp/identity-provider";
import type { StorePayments } from "../../src/store/payments";
import type { AppEnv } from "../../src/worker-kit/app-env";
import type { StoreBackend } from "./backend-client";

/** What the store app is built from, per environment; tests bring their own parts. */
export interface StoreDeps {
  identityProvider: (env: Env, config: Config) => IdentityProvider;
  backend: (env: Env, config: Config) => StoreBackend;
  payments: (env: Env, config: Config) => StorePayments;
}

/** Everything a route of the store needs, built once per request. The store holds no state. */
export interface StoreServices {
  idp: IdentityProvider;
  backend: StoreBackend;
  payments: StorePayments;
}

/** Set by requireUser on the routes that take a Bearer ID token. */
export interface StoreUser {
  uid: string;
  /** The caller's ID token, forwarded to the backend (document 2, Rule 5). */
  idToken: string;
}

export interface StoreEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { store: StoreServices; user: StoreUser };
}

export type StoreContext = Context<StoreEnv>;

export function storeServices(deps: StoreDeps) {
  return createMiddleware<StoreEnv>(async (c, next) => {
    const config = c.get("config");
    c.set("store", {
      idp: deps.identityProvider(c.env, config),
      backend: deps.backend(c.env, config),
      payments: deps.payments(c.env, config),
    });
    await next();
  });
}
