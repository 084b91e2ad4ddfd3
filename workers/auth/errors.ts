import { currentRequestId } from "../../src/worker-kit/request-log";

/** Verification lives in workers/shared: the backend maps refusals the same way. */
export { verifiedOrThrow } from "../../src/worker-kit/verify-id-token";

/**
 * RFC 6749 section 5.2 error body for /api/token (error, error_description), with the
 * platform's `message` beside it so every error of every app has the same shape too.
 */
export function oauthError(
  error: "invalid_request" | "invalid_grant" | "unsupported_grant_type",
  description: string,
): Response {
  return Response.json(
    { error, error_description: description, message: description, requestId: currentRequestId() },
    { status: 400, headers: { "cache-control": "no-store", pragma: "no-cache" } },
  );
}
