import { DurableObject } from "cloudflare:workers";
import { createNotifier } from "../../src/ops/notifier";
import {
  addOutcomes,
  advanceTo,
  EMPTY_SMS_RATE,
  nextLeaveAt,
  type SmsRateState,
  type SmsRateStep,
  type SmsRateWindow,
  type SmsTally,
  smsRateNotice,
  windowOf,
} from "../../src/ops/sms-success-rate";
import { loggerFor } from "../../src/worker-kit/request-log";

/** The one object of the platform (per environment: each has its own namespace). */
export const SMS_SUCCESS_RATE_OBJECT = "platform";

export interface SmsRateStatus extends SmsRateWindow {
  alerting: boolean;
}

/**
 * The platform-wide SMS sign-in success rate (document 1, Limits: alert line 75%). Counters in a
 * Worker isolate would only see that isolate's share of the traffic, so the auth-log intake
 * reports each body's SMS outcomes here, to one object. The window and the crossing rule are
 * pure (src/ops/sms-success-rate.ts); this object keeps the state in storage, holds an alarm for
 * when the oldest minute leaves the window, and sends a notice through the operations notifier
 * when the rate crosses the line.
 */
export class SmsSuccessRate extends DurableObject<Env> {
  /** One call per log body that holds SMS outcomes. */
  async record(tally: SmsTally): Promise<void> {
    await this.apply(addOutcomes(this.state(), tally, Date.now()));
  }

  /** The window now, for tests and for an operator's look (no side effect). */
  async status(): Promise<SmsRateStatus> {
    const state = this.state();
    return { ...windowOf(state), alerting: state.alerting };
  }

  /**
   * The oldest minute leaves the window. Evaluated at least at the time the alarm was set for:
   * an alarm never fires before it, and a test's alarm runner moves time there.
   */
  override async alarm(): Promise<void> {
    const state = this.state();
    await this.apply(advanceTo(state, Math.max(Date.now(), nextLeaveAt(state) ?? 0)));
  }

  private state(): SmsRateState {
    return this.ctx.storage.kv.get<SmsRateState>("state") ?? EMPTY_SMS_RATE;
  }

  /** State first (synchronous, so a call arriving during the notice sees it), then alarm, then notice. */
  private async apply(step: SmsRateStep): Promise<void> {
    this.ctx.storage.kv.put("state", step.state);
    const alarm = await this.ctx.storage.getAlarm();
    if (step.alarmAt === null) {
      if (alarm !== null) await this.ctx.storage.deleteAlarm();
    } else if (alarm !== step.alarmAt) {
      await this.ctx.storage.setAlarm(step.alarmAt);
    }
    if (step.change) {
      const log = loggerFor(this.env, { app: "auth", component: "sms-success-rate" });
      const webhookUrl = (this.env as { OPS_WEBHOOK_URL?: string }).OPS_WEBHOOK_URL;
      await createNotifier(log, webhookUrl, this.env.ENVIRONMENT).notify(smsRateNotice(step.change));
    }
  }
}
