import { SMS_SUCCESS_RATE_OBJECT, type SmsSuccessRate } from "../../durable-objects/sms-rate/sms-success-rate";
import { sha256Hex } from "../../src/auth/crypto";
import type { VerifiedIdToken } from "../../src/idp/identity-provider";
import { SMS_RATE_RULES } from "../../src/ops/sms-success-rate";
import { currentLog } from "../../src/worker-kit/request-log";
import type { AuthContext } from "./auth-env";
import { LOGIN_REQUEST_TTL_SECONDS } from "./login-requests";

/**
 * What the sign-in service itself sees of SMS sign-in, for the success rate behind document 1's
 * 75% alert line (src/ops/sms-success-rate.ts). An attempt is a login state the service issued
 * and bound to this browser: it starts when its page sends a code, once however often the page
 * says so, and succeeds when a phone sign-in (an ID token the provider signed) arrives on it.
 * Client log records never count. Both reports go to the one SMS_SUCCESS_RATE object after the
 * answer (waitUntil): a failed report is an ERROR line, never a failed sign-in.
 */

/** The attempt a login state stands for: a prefix of the state's SHA-256 (the state itself is a credential). */
async function attemptKey(state: string): Promise<string> {
  return (await sha256Hex(state)).slice(0, 32);
}

/**
 * The client's address as a rate-limit key (document 1: the IP is only ever that): an IPv4
 * address, or an IPv6 address's /64, which one subscriber usually holds whole; hashed, so the
 * rate object's storage holds no address.
 */
async function addressKey(c: AuthContext): Promise<string> {
  const ip = c.req.header("cf-connecting-ip") ?? "unknown";
  const prefix = ip.includes(":") ? ip.split(":").slice(0, 4).join(":") : ip;
  return (await sha256Hex(`sms-address:${prefix}`)).slice(0, 16);
}

/** Once per key for `rememberMs`: a SingleUseClaim object named after it. */
async function firstTime(c: AuthContext, key: string, rememberMs: number): Promise<boolean> {
  const claims = c.env.SINGLE_USE;
  return claims.get(claims.idFromName(key)).claim(rememberMs);
}

function report(c: AuthContext, work: (rate: DurableObjectStub<SmsSuccessRate>) => Promise<unknown>): void {
  const namespace = c.env.SMS_SUCCESS_RATE;
  const rate = namespace.get(namespace.idFromName(SMS_SUCCESS_RATE_OBJECT));
  const log = currentLog();
  c.executionCtx.waitUntil(
    work(rate).catch((error: unknown) => {
      log.error("SMS success rate not updated", { error: error instanceof Error ? error.message : String(error) });
    }),
  );
}

/** The login state's page sends a code: its attempt starts (the state was checked by the caller). */
export async function smsAttemptStarted(c: AuthContext, state: string): Promise<void> {
  const attempt = await attemptKey(state);
  const address = await addressKey(c);
  report(c, async (rate) => {
    // One start per login state for as long as the state can be used: its page may send many codes.
    if (await firstTime(c, `sms-attempt:${attempt}`, (LOGIN_REQUEST_TTL_SECONDS + 600) * 1000)) {
      await rate.started({ attempt, address });
    }
  });
}

/**
 * A verified ID token arrived on a login state of this browser (the callback, a link grant): when
 * it is a phone sign-in made within the attempt deadline, the attempt succeeded. Counted once per
 * phone sign-in (the account and its auth_time), however many states it is posted with, so one
 * real SMS is one success.
 */
export async function phoneSignInArrived(c: AuthContext, state: string, token: VerifiedIdToken): Promise<void> {
  if (token.signInProvider !== "phone") return;
  const ageMs = c.get("auth").now() - token.authTime * 1000;
  if (ageMs > SMS_RATE_RULES.attemptDeadlineMs) return;
  const attempt = await attemptKey(state);
  const signIn = await sha256Hex(`${token.uid}:${token.authTime}`);
  report(c, async (rate) => {
    if (await firstTime(c, `sms-verified:${signIn}`, SMS_RATE_RULES.attemptDeadlineMs + 60_000)) {
      await rate.verified(attempt);
    }
  });
}
