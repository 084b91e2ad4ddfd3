import type { Context } from "hono";
import { backendDb } from "../../src/db/client";
import { CoinLedger } from "../../src/ledger/coin-ledger";
import { createNotifier } from "../../src/ops/notifier";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { paymentProviderFor } from "../../src/worker-kit/providers";
import { currentLog } from "../../src/worker-kit/request-log";
import { balanceChannel } from "./balance-channel";
import type { EventDeps } from "./payments/handle-event";

export function ledgerOf(env: Pick<Env, "BACKEND_DB">): CoinLedger {
  return new CoinLedger(backendDb(env));
}

/** What the webhook's event handling needs, for this request. */
export function eventDepsOf(c: Context<AppEnv>): EventDeps {
  const ledger = ledgerOf(c.env);
  const config = c.get("config");
  const opsWebhookUrl = (c.env as { OPS_WEBHOOK_URL?: string }).OPS_WEBHOOK_URL;
  return {
    provider: paymentProviderFor(c.env, config),
    ledger,
    notifier: createNotifier(currentLog().child({ component: "operations" }), opsWebhookUrl, config.environment),
    publishBalance: async (userId) => {
      await balanceChannel(c.env, userId).publish(await ledger.balanceOf(userId));
    },
  };
}
