import { AsyncLocalStorage } from "node:async_hooks";
import { createLogger, type LogFields, type LogFormat, type Logger } from "../log/logger";

/**
 * The logger of the request being handled. AsyncLocalStorage (nodejs_compat) carries it through
 * every await, so a store or a helper deep in a route logs with the request's id without each
 * call passing it along; outside a request (a Durable Object alarm) the caller sets its own.
 */
const current = new AsyncLocalStorage<Logger>();

/** The settings a logger needs from the Worker's env, read the same way by apps and Durable Objects. */
export interface LogEnv {
  ENVIRONMENT: string;
  LOG_FORMAT?: string;
}

export function loggerFor(env: LogEnv, context: LogFields): Logger {
  const format: LogFormat = env.LOG_FORMAT === "pretty" ? "pretty" : "json";
  return createLogger({ environment: env.ENVIRONMENT, ...context }, { format });
}

export function withLog<T>(log: Logger, work: () => T): T {
  return current.run(log, work);
}

const outsideRequest = createLogger({ app: "platform" });

export function currentLog(): Logger {
  return current.getStore() ?? outsideRequest;
}

export function currentRequestId(): string | undefined {
  const id = current.getStore()?.context.requestId;
  return typeof id === "string" ? id : undefined;
}

/** Header that carries the request id to the client and to Durable Objects. */
export const REQUEST_ID_HEADER = "x-request-id";

const INTERNAL_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * Cloudflare's ray id when the request came through its edge (stg, prd), so a line matches the
 * dashboard; otherwise a new random id. A client's own x-request-id is not trusted.
 */
export function requestIdOf(request: Request): string {
  const ray = request.headers.get("cf-ray");
  if (ray && INTERNAL_ID.test(ray)) return ray;
  return crypto.randomUUID().replaceAll("-", "").slice(0, 20);
}

/**
 * The request id a Durable Object was handed by the app that called it (the header is set by
 * our own code on the internal request, never forwarded from a client).
 */
export function forwardedRequestId(request: Request): string | undefined {
  const id = request.headers.get(REQUEST_ID_HEADER);
  return id && INTERNAL_ID.test(id) ? id : undefined;
}

/** The response with x-request-id set; a WebSocket upgrade (101) is passed on as it is. */
export function withRequestIdHeader(response: Response, requestId: string): Response {
  if (response.status === 101) return response;
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Responses from fetch() or Response.redirect() have immutable headers.
    const copy = new Response(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}
