import type { Context } from "hono";
import { SMS_SUCCESS_RATE_OBJECT } from "../../../durable-objects/sms-rate/sms-success-rate";
import { type SmsOutcomeRecord, smsTallyOf } from "../../../src/ops/sms-success-rate";
import { currentLog } from "../../../src/worker-kit/request-log";
import type { AuthEnv } from "../auth-env";

/**
 * Hands the SMS sign-in outcomes of one log body to the platform-wide success rate (the
 * SMS_SUCCESS_RATE Durable Object): one call per body that holds any, none otherwise, and after
 * the answer (waitUntil), so the intake neither waits for it nor fails with it.
 */
export function reportSmsOutcomes(c: Context<AuthEnv>, records: readonly SmsOutcomeRecord[]): void {
  const tally = smsTallyOf(records);
  if (tally.success + tally.failure === 0) return;
  const namespace = c.env.SMS_SUCCESS_RATE;
  const rate = namespace.get(namespace.idFromName(SMS_SUCCESS_RATE_OBJECT));
  const log = currentLog();
  c.executionCtx.waitUntil(
    rate.record(tally).catch((error: unknown) => {
      log.error("SMS success rate not updated", { error: error instanceof Error ? error.message : String(error) });
    }),
  );
}
