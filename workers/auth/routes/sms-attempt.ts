import { Hono } from "hono";
import { z } from "zod";
import { jsonBody, parseOrThrow } from "../../../src/worker-kit/input";
import type { AuthEnv } from "../auth-env";
import { loginRequestOfThisBrowser } from "../login-binding";
import { sameOriginOnly } from "../same-origin";
import { smsAttemptStarted } from "../sms-attempts";

const attemptRequest = z.object({ state: z.string().min(1).max(128) });

/**
 * POST /api/login/sms-attempt: the login page is sending an SMS code for its login state. The
 * state must be one the service issued to this browser's page (400 login_expired, 403
 * state_mismatch); its attempt then counts toward the SMS sign-in success rate (../sms-attempts.ts),
 * once, until a phone sign-in arrives on it or its deadline passes. 204 either way: the page
 * neither waits for nor depends on it.
 */
export const smsAttemptRoutes = new Hono<AuthEnv>().post("/api/login/sms-attempt", sameOriginOnly, async (c) => {
  const { state } = parseOrThrow(attemptRequest, await jsonBody(c.req.raw));
  await loginRequestOfThisBrowser(c, state);
  await smsAttemptStarted(c, state);
  return c.body(null, 204);
});
