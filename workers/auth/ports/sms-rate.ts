import { SMS_SUCCESS_RATE_OBJECT, type SmsRateView } from "../../../durable-objects/sms-rate/sms-success-rate";

export type { SmsRateHistoryEntry, SmsRateView } from "../../../durable-objects/sms-rate/sms-success-rate";

/**
 * The sign-in service's port for the operator console: the SMS sign-in success rate (document 1,
 * alert line 75%) as the one SMS_SUCCESS_RATE object holds it now, minute by minute, and the last
 * crossings of the line.
 */
export function smsRateView(env: Pick<Env, "SMS_SUCCESS_RATE">): Promise<SmsRateView> {
  const namespace = env.SMS_SUCCESS_RATE;
  return namespace.get(namespace.idFromName(SMS_SUCCESS_RATE_OBJECT)).view();
}
