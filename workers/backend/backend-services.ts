import type { Context } from "hono";
import { backendDb } from "../../src/db/client";
import { CoinLedger } from "../../src/ledger/coin-ledger";
import { createNotifier } from "../../src/ops/notifier";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { paymentProviderFor } from "../../src/worker-kit/providers";
import { currentLog } from "../../src/worker-kit/request-log";
import { balanceChannel } from "./balance-channel";
import { NoticeStore, recordingNotifier } from "./console/notice-store";
import type { EventDeps } from "./payments/handle-event";

export function ledgerOf(env: Pick<Env, "BACKEND_DB">): CoinLedger {
  return new CoinLedger(backendDb(env));
}

/** What the webhook's event handling needs, for this request. */
export function eventDepsOf(c: Context<AppEnv>): EventDeps {
  const ledger = ledgerOf(c.env);
  const config = c.get("config");
  const opsWebhookUrl = (c.env as { OPS_WEBHOOK_URL?: string }).OPS_WEBHOOK_URL;
  const log = currentLog().child({ component: "operations" });
  // Each case notice is also kept for the operator console, where it waits until handled.
  const notifier = recordingNotifier(
    createNotifier(log, opsWebhookUrl, config.environment),
    new NoticeStore(c.env.BACKEND_DB, Date.now),
    log,
  );
  return {
    provider: paymentProviderFor(c.env, config),
    ledger,
    notifier,
    publishBalance: async (userId) => {
      await balanceChannel(c.env, userId).publish(await ledger.balanceOf(userId));
    },
  };
}
