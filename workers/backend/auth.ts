import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { PublishPrincipalsPort } from "../../src/app-ports/publish-principals";
import type { Config } from "../../src/config";
import type { IdentityProvider } from "../../src/idp/identity-provider";
import { ApiError } from "../../src/worker-kit/errors";
import { identityProviderFor } from "../../src/worker-kit/providers";
import {
  bearerToken,
  missingIdToken,
  publishTokenNotAllowed,
  verifiedSubject,
} from "../../src/worker-kit/verify-id-token";
import type { BackendPortsEnv } from "./backend-ports";

/**
 * Backend authentication (document 1, authentication rule 9): who a request of `workers/backend`
 * acts for, from the ID token in `Authorization: Bearer <ID token>`, verified completely by the
 * identity provider adapter (`src/idp`).
 *
 * How a route flags itself: put `authenticate(options)` in front of its handler (or a group).
 *
 *     routes.post("/code/upload_sessions", authenticate({ required: true, publishTokens: "allow" }), handler);
 *     routes.use("/graphql", authenticate());             // user optional, publish tokens anonymous
 *
 * - `publishTokens: "allow"` is the flag that lets an ID token minted by a publish-token exchange
 *   act as its issuer. Only POST /code/upload_sessions and POST /code/scenario_revisions set it
 *   (rule 9b). Such an ID token names the token's principal (`publish:<token id>`), never the
 *   issuer; the request user is the issuer that the sign-in service's port
 *   (`workers/auth/ports/publish-principals.ts`) names for it while the token is active. A revoked or
 *   unknown token is 401 `publish_token_revoked`, for every ID token of its principal however it
 *   was obtained. Everywhere else, GraphQL and WebSocket included, a publish-token ID token (or
 *   any ID token of a principal) counts as no credential at all: the request user is null.
 * - A publish-token user is never admin, whatever its issuer is (rule 9c).
 * - `required: true` answers 401 when there is no request user (403 `publish_token_not_allowed`
 *   when the caller sent a publish-token ID token, as every app answers it); otherwise the
 *   handler reads `c.get("user")`, which is null for an anonymous caller.
 * - A token that is present but fails verification is 401 `invalid_id_token` on every route, so a
 *   client learns to refresh it rather than silently being served as anonymous; the provider's
 *   key outage is 503 `idp_unavailable`.
 *
 * Code that receives the token elsewhere than the header (the GraphQL WebSocket's
 * `connection_init`) calls `userOfAuthorization` with the same rules.
 */

/** The user a request acts for. */
export interface RequestUser {
  uid: string;
  /** Custom claim admin === true, and always false for a publish-token ID token. */
  admin: boolean;
  /** The ID token was minted by a publish-token exchange. */
  publishToken: boolean;
}

/** Hono environment of a backend route behind `authenticate`. */
export interface BackendEnv extends BackendPortsEnv {
  Variables: BackendPortsEnv["Variables"] & { user: RequestUser | null };
}

export type PublishTokenPolicy = "allow" | "unauthenticated";

export interface AuthenticateOptions {
  /** 401 when the request has no user. Default false. */
  required?: boolean;
  /** "allow" only on the publishing routes; default "unauthenticated". */
  publishTokens?: PublishTokenPolicy;
  /** Tests bring their own provider; the default is this environment's (`identityProviderFor`). */
  identityProvider?: (env: Env, config: Config) => IdentityProvider;
}

export function authenticate(options: AuthenticateOptions = {}) {
  const required = options.required ?? false;
  const policy = options.publishTokens ?? "unauthenticated";
  const providerFor = options.identityProvider ?? identityProviderFor;
  return createMiddleware<BackendEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    const idp = providerFor(c.env, c.get("config"));
    const user = await userOfAuthorization(header, policy, idp, c.get("ports").publishPrincipals(c.env, idp));
    if (required && !user) throw unauthenticated(header !== undefined);
    c.set("user", user);
    await next();
  });
}

/**
 * The user of an `Authorization` value (`Bearer <ID token>`), wherever it arrived: the header, or
 * the `connection_init` payload of a GraphQL WebSocket. No value: null. A value that is not
 * `Bearer <token>` is 401 `invalid_id_token`; the rest as `userOfIdToken`.
 */
export async function userOfAuthorization(
  value: string | undefined,
  policy: PublishTokenPolicy,
  idp: IdentityProvider,
  principals: PublishPrincipalsPort,
): Promise<RequestUser | null> {
  if (value === undefined) return null;
  const token = bearerToken(value);
  if (!token) throw new ApiError(401, "invalid_id_token", "The Authorization header must be Bearer <ID token>.");
  return userOfIdToken(idp, token, policy, principals);
}

/**
 * The request user of a verified ID token under a route's publish-token policy: null for a
 * publish-token ID token the route does not allow. Throws ApiError 401/503 for a bad token, and
 * 401 `publish_token_revoked` for a publish-token ID token whose token is no longer active.
 */
export async function userOfIdToken(
  idp: IdentityProvider,
  idToken: string,
  policy: PublishTokenPolicy,
  principals: PublishPrincipalsPort,
): Promise<RequestUser | null> {
  const subject = await verifiedSubject(idp, idToken);
  if (subject.kind === "user") {
    return { uid: subject.token.uid, admin: subject.token.admin, publishToken: false };
  }
  if (policy !== "allow") return null;
  const issuer = subject.principal === null ? null : await principals.issuerOf(subject.principal);
  if (issuer === null) {
    throw new ApiError(
      401,
      "publish_token_revoked",
      "The publish token behind this ID token is revoked or unknown: exchange an active publish token.",
    );
  }
  return { uid: issuer, admin: false, publishToken: true };
}

/** The request user of a route that requires one (after `authenticate({ required: true })`). */
export function requestUser(c: Context<BackendEnv>): RequestUser {
  const user = c.get("user");
  if (!user) throw unauthenticated(false);
  return user;
}

function unauthenticated(publishToken: boolean): ApiError {
  if (publishToken) {
    return publishTokenNotAllowed(
      "act here: it acts only on POST /code/upload_sessions and POST /code/scenario_revisions; sign in as the user",
    );
  }
  return missingIdToken();
}
