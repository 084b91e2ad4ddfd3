import { CloseCode } from "graphql-ws";
import { z } from "zod";
import type { PublishPrincipalsPort } from "../../../src/app-ports/publish-principals";
import type { IdentityProvider } from "../../../src/idp/identity-provider";
import { ApiError } from "../../../src/worker-kit/errors";
import { missingIdToken } from "../../../src/worker-kit/verify-id-token";
import { type RequestUser, userOfAuthorization } from "../auth";

/**
 * The `connection_init` payload of a GraphQL WebSocket: `{ authorization: "Bearer <ID token>" }`
 * (`Authorization` is read too, as HTTP headers are case-blind). Other fields are ignored.
 */
const connectionParamsSchema = z.object({
  authorization: z.string().max(9_000).optional(),
  Authorization: z.string().max(9_000).optional(),
});

/** The signed-in user of a connection, or how to close it (graphql-ws close codes). */
export type ConnectionVerdict = { user: RequestUser } | { refused: { code: number; reason: string } };

const refused = (code: number, reason: string): ConnectionVerdict => ({ refused: { code, reason } });

/**
 * Authenticates a graphql-ws connection once, at `connection_init`, by the backend's own rules
 * (document 1, authentication 9b: a publish-token ID token is no user here). Every refusal is
 * 4401 Unauthorized with the reason code the HTTP route would answer, except the provider's key
 * outage: 1013 Try Again Later, which graphql-ws clients retry.
 */
export async function connectionUser(
  payload: unknown,
  idp: IdentityProvider,
  principals: PublishPrincipalsPort,
): Promise<ConnectionVerdict> {
  const params = connectionParamsSchema.safeParse(payload ?? {});
  if (!params.success) return refused(CloseCode.Unauthorized, "invalid_id_token");
  const authorization = params.data.authorization ?? params.data.Authorization;
  if (authorization === undefined) return refused(CloseCode.Unauthorized, missingIdToken().code);
  try {
    const user = await userOfAuthorization(authorization, "unauthenticated", idp, principals);
    return user ? { user } : refused(CloseCode.Unauthorized, "publish_token_not_allowed");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 503) return refused(1013, error.code);
    return refused(CloseCode.Unauthorized, error.code);
  }
}
