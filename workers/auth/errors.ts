import { IdTokenError } from "../../src/idp/identity-provider";
import { ApiError } from "../shared/errors";

/** An ID token the provider refused: 401 with the adapter's stable code in the message. */
export async function verifiedOrThrow<T>(verify: Promise<T>): Promise<T> {
  try {
    return await verify;
  } catch (error) {
    if (error instanceof IdTokenError) throw new ApiError(401, "invalid_id_token", `${error.code}: ${error.message}`);
    throw error;
  }
}

/**
 * RFC 6749 section 5.2 error body for /api/token (error, error_description), with the
 * platform's `message` beside it so every error of every app has the same shape too.
 */
export function oauthError(error: "invalid_request" | "invalid_grant", description: string): Response {
  return Response.json(
    { error, error_description: description, message: description },
    { status: 400, headers: { "cache-control": "no-store", pragma: "no-cache" } },
  );
}
