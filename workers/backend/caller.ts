import type { Context } from "hono";
import { IdTokenError, identityProviderFor } from "../../src/idp";
import type { AppEnv } from "../shared/app-env";

/**
 * The caller of a backend request: the identity-provider uid of a verified bearer ID token, or
 * null (no token, an invalid one, or a publish-token ID token, which counts as unauthenticated
 * here: document 1). The one place the backend reads authentication; the shared backend auth
 * middleware replaces its body when it lands.
 */
export async function callerUidOf(c: Context<AppEnv>): Promise<string | null> {
  const header = c.req.header("authorization");
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return null;
  try {
    const verified = await identityProviderFor(c.env, c.get("config")).verifyIdToken(token);
    return verified.publishToken ? null : verified.uid;
  } catch (error) {
    if (error instanceof IdTokenError) return null;
    throw error;
  }
}
