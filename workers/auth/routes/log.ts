import { Hono } from "hono";
import { clientLogLine } from "../../../src/log/client-record";
import { consoleSink, type LogSink } from "../../../src/log/logger";
import { RecordRateLimit } from "../../../src/log/rate-limit";
import { ApiError, errorResponse } from "../../../src/worker-kit/errors";
import { jsonBody } from "../../../src/worker-kit/input";
import { currentLog } from "../../../src/worker-kit/request-log";
import type { AuthEnv } from "../auth-env";
import { AuthLogEvents } from "../auth-log-events";
import { configuredOriginsCors } from "../cors";

/** Document 1, limits of /api/log (the 16 KiB body limit is the app's, on every /api/* route). */
export const LOG_RATE_LIMITS = { perKey: 60, total: 1200 } as const;
/** Records of one body (the client library batches at most this many). */
export const MAX_RECORDS_PER_BODY = 20;

/**
 * POST /api/log: client auth-log intake (document 1), unauthenticated, CORS for the configured
 * origins. The body is one record or an array of records. Each becomes one JSON line on stdout,
 * through the platform logger's sink, with its severity, message, origin, env and event decided
 * here; the client IP is only the rate-limit key and is never written. One limiter per app
 * instance (per isolate), as the spec's per-instance counters. The records inform and decide
 * nothing: the SMS sign-in success rate counts only what the service saw itself (../sms-attempts.ts).
 * Lines that name a uid are also kept, after the answer, for the operator console
 * (../auth-log-events.ts); a failed write is an ERROR line and loses only those records.
 */
export function logRoutes(clock: () => number, sink: LogSink = consoleSink) {
  const limit = new RecordRateLimit(LOG_RATE_LIMITS, clock);
  return new Hono<AuthEnv>().use("/api/log", configuredOriginsCors).post("/api/log", async (c) => {
    // A body that is not JSON still counts as one record, so a flood of them is limited too.
    let body: unknown;
    let notJson: ApiError | null = null;
    try {
      body = await jsonBody(c.req.raw);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notJson = error;
    }
    const records = notJson ? [] : (Array.isArray(body) ? body : [body]).slice(0, MAX_RECORDS_PER_BODY);
    const ip = c.req.header("cf-connecting-ip") ?? "unknown";
    const taken = limit.take(ip, notJson ? 1 : records.length);
    if (taken !== true) {
      const limited = errorResponse(429, "rate_limited", "Too many log records; try again later.");
      limited.headers.set("retry-after", String(taken.retryAfterSeconds));
      return limited;
    }
    if (notJson) throw notJson;
    const context = currentLog().context;
    const environment = c.get("config").environment;
    const lines = records.map((record) => clientLogLine(record, environment));
    for (const line of lines) {
      sink(line.severity, JSON.stringify({ ...line, app: context.app, environment, requestId: context.requestId }));
    }
    if (lines.some((line) => line.uid !== null)) {
      const log = currentLog();
      c.executionCtx.waitUntil(
        new AuthLogEvents(c.env.AUTH_DB, clock).append(lines).catch((error: unknown) => {
          log.error("auth-log records not kept", { error: error instanceof Error ? error.message : String(error) });
        }),
      );
    }
    return c.body(null, 204);
  });
}
