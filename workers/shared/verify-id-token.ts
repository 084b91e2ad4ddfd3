import { IdTokenError } from "../../src/idp/identity-provider";
import { ApiError } from "./errors";
import { currentLog } from "./request-log";

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
