import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { appRoute } from "./access-log";
import { currentLog, currentRequestId } from "./request-log";

/**
 * The one error body shape of every app: a stable machine code, a sentence for people, and the
 * request id a person can quote to support (the same id is in the x-request-id header and on
 * every log line of the request).
 */
export interface ErrorBody {
  error: string;
  message: string;
  requestId?: string;
}

/**
 * Throw from a handler to answer with a JSON error; onError turns it into the response, with
 * `headers` added (a 429's Retry-After).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorResponse(
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body: ErrorBody = { error: code, message, requestId: currentRequestId() };
  return Response.json(body, { status, headers: { ...headers, "cache-control": "no-store" } });
}

export function notFound(c: Context): Response {
  return errorResponse(404, "not_found", `Nothing is served at ${c.req.method} ${new URL(c.req.url).pathname}`);
}

/** Last line of defence: known errors keep their status, anything else is logged and hidden. */
export function handleError(error: unknown, c: Context): Response {
  if (error instanceof ApiError) return errorResponse(error.status, error.code, error.message, error.headers);
  currentLog().error("unhandled error", {
    method: c.req.method,
    route: appRoute(c),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
  return errorResponse(500, "internal_error", "Something went wrong on our side. Please try again.");
}
