import { z } from "zod";
import type { AdminAccessTokens } from "./admin-token";
import { type AccountLookup, type AccountProfile, type AccountState, IdpError } from "./identity-provider";
import { IDENTITY_TOOLKIT_CONTRACT } from "./identity-toolkit-contract";
import type { IdentityToolkitCalls } from "./identity-toolkit-types";
import type { Fetcher } from "./jwks";

type AdminCall = "adminLookup" | "adminUpdate";

const providerErrorSchema = z.object({ error: z.object({ message: z.string() }) });

/** What the adapter reads of the admin lookup's answer (fields of the contract's UserInfo). */
export const adminLookupAnswerSchema = z.object({
  users: z
    .array(
      z.object({
        localId: z.string(),
        // int64 in Google's JSON: a decimal string.
        validSince: z.string().regex(/^\d+$/).transform(Number).optional(),
        disabled: z.boolean().optional(),
      }),
    )
    .optional(),
});

const int64 = z.string().regex(/^\d+$/).transform(Number);

/** What the adapter reads of an account for an operator (the contract's UserInfo; never a password hash). */
export const accountProfileSchema = z.object({
  localId: z.string(),
  email: z.string().optional(),
  emailVerified: z.boolean().optional(),
  phoneNumber: z.string().optional(),
  providerUserInfo: z.array(z.object({ providerId: z.string() })).optional(),
  createdAt: int64.optional(),
  lastLoginAt: int64.optional(),
  validSince: int64.optional(),
  disabled: z.boolean().optional(),
  // A JSON object in a string, as Google sends it.
  customAttributes: z.string().optional(),
});

function claimsOf(customAttributes: string | undefined): Record<string, unknown> {
  if (!customAttributes) return {};
  try {
    const claims: unknown = JSON.parse(customAttributes);
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The provider's project-scoped account calls, as its admin SDK makes them: a Google OAuth 2.0
 * access token of the service account (AdminAccessTokens), no API key. A refused token (HTTP 401:
 * revoked or expired early) is traded anew once.
 */
export class AdminClient {
  private readonly endpoint: { apiUrl: string; projectId: string };
  private readonly fetcher: Fetcher;
  private readonly tokens: AdminAccessTokens;

  constructor(endpoint: { apiUrl: string; projectId: string }, fetcher: Fetcher, tokens: AdminAccessTokens) {
    this.endpoint = endpoint;
    this.fetcher = fetcher;
    this.tokens = tokens;
  }

  /** The account's state by uid; null when the provider has no such account. */
  async accountState(uid: string): Promise<AccountState | null> {
    const body = await this.call("adminLookup", { localId: [uid] });
    const answer = adminLookupAnswerSchema.safeParse(body);
    if (!answer.success)
      throw new IdpError("provider_unavailable", "The identity provider's account lookup answer is malformed.");
    const user = answer.data.users?.find((candidate) => candidate.localId === uid);
    if (!user) return null;
    return { validSince: user.validSince ?? null, disabled: user.disabled === true };
  }

  /** The account by uid or by email address; null when the provider has no such account. */
  async account(lookup: AccountLookup): Promise<AccountProfile | null> {
    const body = await this.call(
      "adminLookup",
      "uid" in lookup ? { localId: [lookup.uid] } : { email: [lookup.email] },
    );
    const answer = z.object({ users: z.array(accountProfileSchema).optional() }).safeParse(body);
    if (!answer.success)
      throw new IdpError("provider_unavailable", "The identity provider's account lookup answer is malformed.");
    const user =
      "uid" in lookup
        ? answer.data.users?.find((candidate) => candidate.localId === lookup.uid)
        : answer.data.users?.find((candidate) => candidate.email?.toLowerCase() === lookup.email.toLowerCase());
    if (!user) return null;
    const phone = user.phoneNumber ?? null;
    const providers = (user.providerUserInfo ?? []).map((info) => info.providerId);
    return {
      uid: user.localId,
      email: user.email ?? null,
      emailVerified: user.emailVerified === true,
      phoneNumber: phone,
      providers: phone && !providers.includes("phone") ? [...providers, "phone"] : providers,
      createdAt: user.createdAt ?? null,
      lastSignInAt: user.lastLoginAt ?? null,
      validSince: user.validSince ?? null,
      disabled: user.disabled === true,
      customClaims: claimsOf(user.customAttributes),
    };
  }

  /** Sets the account's tokens-valid-after time; an account the provider does not know is left alone. */
  async setValidSince(uid: string, validSince: number): Promise<void> {
    try {
      await this.call("adminUpdate", { localId: uid, validSince: String(Math.floor(validSince)) });
    } catch (error) {
      if (error instanceof IdpError && error.providerMessage === "USER_NOT_FOUND") return;
      throw error;
    }
  }

  private async call<C extends AdminCall>(call: C, body: IdentityToolkitCalls[C]["request"]): Promise<unknown> {
    const path = IDENTITY_TOOLKIT_CONTRACT.calls[call].path.replace(
      "{targetProjectId}",
      encodeURIComponent(this.endpoint.projectId),
    );
    const send = async () =>
      this.fetcher(
        new Request(`${this.endpoint.apiUrl}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${await this.tokens.token()}` },
          body: JSON.stringify(body),
        }),
      );
    let response: Response;
    try {
      response = await send();
      if (response.status === 401) {
        this.tokens.forget();
        response = await send();
      }
    } catch (error) {
      if (error instanceof IdpError) throw error;
      throw new IdpError(
        "provider_unavailable",
        `The identity provider could not be reached (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) return answer;
    const refusal = providerErrorSchema.safeParse(answer);
    const providerMessage = refusal.success ? refusal.data.error.message : undefined;
    throw new IdpError(
      response.status >= 500 ? "provider_unavailable" : "admin_call_refused",
      `The identity provider refused the admin call ${call} (HTTP ${response.status}${providerMessage ? ` ${providerMessage}` : ""}).`,
      providerMessage,
    );
  }
}
