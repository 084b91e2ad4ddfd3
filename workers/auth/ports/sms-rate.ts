import { SMS_SUCCESS_RATE_OBJECT } from "../../../durable-objects/sms-rate/sms-success-rate";
import type { SmsRatePort } from "../../../src/app-ports/sms-rate";

/**
 * The sign-in service's side of the operator console's SMS rate (src/app-ports/sms-rate.ts): the
 * rate as the one SMS_SUCCESS_RATE object holds it now, minute by minute, and its last crossings.
 */
export function smsRatePort(env: Pick<Env, "SMS_SUCCESS_RATE">): SmsRatePort {
  const namespace = env.SMS_SUCCESS_RATE;
  return { view: () => namespace.get(namespace.idFromName(SMS_SUCCESS_RATE_OBJECT)).view() };
}
