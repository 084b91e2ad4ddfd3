import { DurableObject } from "cloudflare:workers";
import type { SmsRateCrossing, SmsRateView } from "../../src/app-ports/sms-rate";
import { createNotifier } from "../../src/ops/notifier";
import {
  advanceTo,
  EMPTY_SMS_RATE,
  nextLeaveAt,
  type SmsAttemptStart,
  type SmsRateState,
  type SmsRateStep,
  type SmsRateWindow,
  smsRateNotice,
  startAttempt,
  verifyAttempt,
  windowOf,
} from "../../src/ops/sms-success-rate";
import { loggerFor } from "../../src/worker-kit/request-log";

/** The one object of the platform (per environment: each has its own namespace). */
export const SMS_SUCCESS_RATE_OBJECT = "platform";

export interface SmsRateStatus extends SmsRateWindow {
  alerting: boolean;
  /** Attempts started and not decided yet. */
  open: number;
}

/** Crossings kept for the operator console (a crossing is rare: hysteresis keeps them apart). */
export const SMS_RATE_HISTORY_KEPT = 50;

/**
 * The platform-wide SMS sign-in success rate (document 1, Limits: alert line 75%). Counters in a
 * Worker isolate would only see that isolate's share of the traffic, so the sign-in service
 * reports here, to one object, what it observed itself: a phone sign-in attempt starting (its
 * login state, when the page sends a code) and a phone sign-in arriving on that login state.
 * Client log records never reach it. The rules are pure (src/ops/sms-success-rate.ts); this object
 * keeps the state in storage, holds an alarm for the next attempt deadline or the oldest minute
 * leaving the window, and sends a notice through the operations notifier when the rate crosses
 * the line.
 */
export class SmsSuccessRate extends DurableObject<Env> {
  /** An attempt started: true when it counts (not seen before, its address under its limit). */
  async started(start: SmsAttemptStart): Promise<boolean> {
    const step = startAttempt(this.state(), start, Date.now());
    await this.apply(step);
    return step.counted;
  }

  /** A phone sign-in arrived on the attempt's login state (checked and counted once by the caller). */
  async verified(attempt: string): Promise<void> {
    await this.apply(verifyAttempt(this.state(), attempt, Date.now()));
  }

  /** The window now, for tests and for an operator's look (no side effect). */
  async status(): Promise<SmsRateStatus> {
    const state = this.state();
    return { ...windowOf(state), alerting: state.alerting, open: Object.keys(state.open ?? {}).length };
  }

  /** The window now, its minutes and the last crossings of the line (the operator console's look; no side effect). */
  async view(): Promise<SmsRateView> {
    const state = this.state();
    return {
      ...(await this.status()),
      minutes: state.buckets.map((bucket) => ({ ...bucket })),
      history: this.history(),
    };
  }

  /**
   * An attempt reaches its deadline, or the oldest minute leaves the window. Evaluated at least at
   * the time the alarm was set for: an alarm never fires before it, and a test's alarm runner
   * moves time there.
   */
  override async alarm(): Promise<void> {
    const state = this.state();
    await this.apply(advanceTo(state, Math.max(Date.now(), nextLeaveAt(state) ?? 0)));
  }

  private state(): SmsRateState {
    return this.ctx.storage.kv.get<SmsRateState>("state") ?? EMPTY_SMS_RATE;
  }

  private history(): SmsRateCrossing[] {
    return this.ctx.storage.kv.get<SmsRateCrossing[]>("history") ?? [];
  }

  /** State and history first (synchronous, so a call arriving during the notice sees them), then alarm, then notice. */
  private async apply(step: SmsRateStep): Promise<void> {
    this.ctx.storage.kv.put("state", step.state);
    const alarm = await this.ctx.storage.getAlarm();
    if (step.alarmAt === null) {
      if (alarm !== null) await this.ctx.storage.deleteAlarm();
    } else if (alarm !== step.alarmAt) {
      await this.ctx.storage.setAlarm(step.alarmAt);
    }
    if (step.change) {
      const entry = { kind: step.change.kind, at: step.state.at, window: step.change.window };
      this.ctx.storage.kv.put("history", [entry, ...this.history()].slice(0, SMS_RATE_HISTORY_KEPT));
      const log = loggerFor(this.env, { app: "auth", component: "sms-success-rate" });
      const webhookUrl = (this.env as { OPS_WEBHOOK_URL?: string }).OPS_WEBHOOK_URL;
      await createNotifier(log, webhookUrl, this.env.ENVIRONMENT).notify(smsRateNotice(step.change));
    }
  }
}
