import { createMiddleware } from "hono/factory";
import type { OperatorAccountsPort } from "../../../src/app-ports/operator-accounts";
import type { OperatorRoomsPort } from "../../../src/app-ports/operator-rooms";
import type { SmsRatePort, SmsRateView } from "../../../src/app-ports/sms-rate";
import type { Config } from "../../../src/config";
import type { IdentityProvider } from "../../../src/idp/identity-provider";
import type { PaymentProvider } from "../../../src/payments/payment-provider";
import type { AppEnv } from "../../../src/worker-kit/app-env";
import { identityProviderFor, paymentProviderFor } from "../../../src/worker-kit/providers";
import { AuditTrail } from "./audit-trail";
import { ConsoleSessions } from "./console-sessions";
import { NoticeStore } from "./notice-store";

/**
 * What the operator console is built from: its clock, the providers, and the other apps' ports,
 * each a contract of src/app-ports/ (the sign-in service's accounts and SMS rate, the rooms).
 * Tests bring a clock or a provider of their own.
 */
export interface ConsoleDeps {
  clock: () => number;
  identityProvider: (env: Env, config: Config) => IdentityProvider;
  paymentProvider: (env: Env, config: Config) => PaymentProvider;
  accounts: (env: Env, idp: IdentityProvider, now: () => number) => OperatorAccountsPort;
  smsRate: (env: Env) => SmsRatePort;
  rooms: (env: Env) => OperatorRoomsPort;
}

/** The console's own defaults; the other apps' ports come with the backend's (platform/app-ports.ts). */
export const defaultConsoleDeps: Omit<ConsoleDeps, "accounts" | "smsRate" | "rooms"> = {
  clock: () => Date.now(),
  identityProvider: identityProviderFor,
  paymentProvider: paymentProviderFor,
};

/** Everything a console route needs, built once per request. */
export interface ConsoleServices {
  now: () => number;
  idp: IdentityProvider;
  payments: () => PaymentProvider;
  accounts: OperatorAccountsPort;
  smsRate: () => Promise<SmsRateView>;
  rooms: OperatorRoomsPort;
  sessions: ConsoleSessions;
  audit: AuditTrail;
  notices: NoticeStore;
}

/** The operator a console request acts for (operator-access.ts). */
export interface Operator {
  uid: string;
  email: string | null;
  sessionId: string;
  /** The token every form of this sign-in carries. */
  csrf: string;
}

export interface ConsoleEnv extends AppEnv {
  Variables: AppEnv["Variables"] & {
    console: ConsoleServices;
    operator: Operator;
    /** A form's fields, read and checked by consoleForm. */
    form: Record<string, string>;
  };
}

export function consoleServices(deps: ConsoleDeps) {
  return createMiddleware<ConsoleEnv>(async (c, next) => {
    const config = c.get("config");
    const now = deps.clock;
    const idp = deps.identityProvider(c.env, config);
    c.set("console", {
      now,
      idp,
      payments: () => deps.paymentProvider(c.env, config),
      accounts: deps.accounts(c.env, idp, now),
      smsRate: () => deps.smsRate(c.env).view(),
      rooms: deps.rooms(c.env),
      sessions: new ConsoleSessions(c.env.BACKEND_DB, now),
      audit: new AuditTrail(c.env.BACKEND_DB, now),
      notices: new NoticeStore(c.env.BACKEND_DB, now),
    });
    await next();
  });
}
