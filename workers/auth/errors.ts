import { IdTokenError } from "../../src/idp/identity-provider";
import { ApiError } from "../shared/errors";
import { currentLog, currentRequestId } from "../shared/request-log";

/**
 * Verifies through the provider, mapping its refusals: a token it refuses is 401 with the
 * adapter's stable code in the message; keys that could not be fetched are the provider's
 * outage, not the client's fault, so 503 (the client may retry the same request).
 */
export async function verifiedOrThrow<T>(verify: Promise<T>): Promise<T> {
  try {
    return await verify;
  } catch (error) {
    if (!(error instanceof IdTokenError)) throw error;
    if (error.code === "id_token_keys_unavailable") {
      currentLog().error("identity provider keys unavailable", { error: error.message });
      throw new ApiError(
        503,
        "idp_unavailable",
        "The identity provider could not be reached to check the ID token. Please try again.",
      );
    }
    throw new ApiError(401, "invalid_id_token", `${error.code}: ${error.message}`);
  }
}

/**
 * RFC 6749 section 5.2 error body for /api/token (error, error_description), with the
 * platform's `message` beside it so every error of every app has the same shape too.
 */
export function oauthError(error: "invalid_request" | "invalid_grant", description: string): Response {
  return Response.json(
    { error, error_description: description, message: description, requestId: currentRequestId() },
    { status: 400, headers: { "cache-control": "no-store", pragma: "no-cache" } },
  );
}
