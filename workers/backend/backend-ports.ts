import { createMiddleware } from "hono/factory";
import type { PublishPrincipalsPort } from "../../src/app-ports/publish-principals";
import type { IdentityProvider } from "../../src/idp/identity-provider";
import type { AppEnv } from "../../src/worker-kit/app-env";

/** What the backend is handed of the other apps (platform/app-ports.ts), built per request. */
export interface BackendPorts {
  /** The sign-in service's answer to whom a publish principal acts for. */
  publishPrincipals: (env: Env, idp: IdentityProvider) => PublishPrincipalsPort;
}

/** Hono environment of a backend app that was handed its ports. */
export interface BackendPortsEnv extends AppEnv {
  Variables: AppEnv["Variables"] & { ports: BackendPorts };
}

/** Puts the ports the backend was handed where its routes find them. */
export function withBackendPorts(ports: BackendPorts) {
  return createMiddleware<BackendPortsEnv>(async (c, next) => {
    c.set("ports", ports);
    await next();
  });
}
