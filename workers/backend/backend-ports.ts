import { createMiddleware } from "hono/factory";
import type { OperatorAccountsPort } from "../../src/app-ports/operator-accounts";
import type { OperatorRoomsPort } from "../../src/app-ports/operator-rooms";
import type { PublishPrincipalsPort } from "../../src/app-ports/publish-principals";
import type { SmsRatePort } from "../../src/app-ports/sms-rate";
import type { IdentityProvider } from "../../src/idp/identity-provider";
import type { AppEnv } from "../../src/worker-kit/app-env";

/** What the backend is handed of the other apps (platform/app-ports.ts), built per request. */
export interface BackendPorts {
  /** The sign-in service's answer to whom a publish principal acts for. */
  publishPrincipals: (env: Env, idp: IdentityProvider) => PublishPrincipalsPort;
  /** The sign-in service's accounts, sessions and publish tokens, for the operator console. */
  operatorAccounts: (env: Env, idp: IdentityProvider, now: () => number) => OperatorAccountsPort;
  /** The sign-in service's SMS success rate, for the console's notices. */
  smsRate: (env: Env) => SmsRatePort;
  /** The rooms app's rooms as an operator sees and acts on them. */
  operatorRooms: (env: Env) => OperatorRoomsPort;
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
