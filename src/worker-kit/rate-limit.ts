import type { Context, Env as HonoEnv, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { RateLimitRule } from "../config/rate-limits";
import { ApiError } from "./errors";

/** The names of this Worker's Workers Rate Limiting bindings (wrangler.toml `[[ratelimits]]`). */
type RateLimitBinding = NonNullable<{ [K in keyof Env]: Env[K] extends RateLimit ? K : never }[keyof Env]>;

/** A rule of src/config/rate-limits.ts, its binding one this Worker has. */
export type WorkerRateLimit = RateLimitRule<RateLimitBinding>;

/** Checks one request of a key against a rule; throws 429 `rate_limited` past the limit. */
export type RateCheck = (env: Env, key: string) => Promise<void>;

/**
 * A rule as a check. The binding answers only whether the key is within its limit, so the
 * Retry-After is the whole period: the earliest moment the key's count surely dropped.
 */
export function rateLimiter(rule: WorkerRateLimit): RateCheck {
  const span = rule.period === 60 ? "a minute" : "in 10 seconds";
  const message = `Too many ${rule.what}: at most ${rule.limit} ${span}. Try again in ${rule.period} s.`;
  const headers = { "retry-after": String(rule.period) };
  return async (env, key) => {
    const { success } = await env[rule.binding].limit({ key });
    if (!success) throw new ApiError(429, "rate_limited", message, headers);
  };
}

/**
 * Middleware: one request of the caller against `rule`, keyed by the verified user `userOf(c)`
 * names (put it behind the route's authentication) or, where that is null, by the client's
 * address.
 */
export function rateLimited<E extends HonoEnv & { Bindings: Env }>(
  rule: WorkerRateLimit,
  userOf: (c: Context<E>) => string | null,
): MiddlewareHandler<E> {
  const check = rateLimiter(rule);
  return createMiddleware<E>(async (c, next) => {
    await check(c.env, callerKey(userOf(c), c.req.raw));
    await next();
  });
}

/** The key a caller is counted under: its user, or else its address; the two never collide. */
export function callerKey(uid: string | null, request: Request): string {
  return uid === null ? `ip:${clientAddress(request)}` : `user:${uid}`;
}

/**
 * The client's IP address: Cloudflare's `cf-connecting-ip`, which the edge sets on every request
 * (a client's own value is replaced). `wrangler dev` sets it from the socket's peer address when
 * the request has none, so local callers on one machine share 127.0.0.1 (and one that sends its
 * own header is taken at its word: dev only). Only a request that never passed either, such as a
 * test's direct call, has none: "unknown".
 */
export function clientAddress(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}
