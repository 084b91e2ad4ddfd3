import { z } from "zod";
import { IdpError, type IdTokenSession } from "./identity-provider";
import type { IdentityToolkitCalls } from "./identity-toolkit-types";
import type { Fetcher } from "./jwks";

/** The provider's error body: {error: {code, message: "INVALID_CUSTOM_TOKEN" | ...}}. */
const providerErrorSchema = z.object({ error: z.object({ code: z.number().optional(), message: z.string() }) });

type Exchange = IdentityToolkitCalls["signInWithCustomToken"];

/** What the adapter reads of the exchange's answer (fields of the contract's response). */
export const signInAnswerSchema = z.object({
  idToken: z.string().min(1),
  refreshToken: z.string().min(1),
  // The real provider sends a decimal string ("3600").
  expiresIn: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(Number),
});

/** Exchanges a custom token for an ID token: POST {apiUrl}/v1/accounts:signInWithCustomToken?key=. */
export async function signInWithCustomToken(
  fetcher: Fetcher,
  endpoint: { apiUrl: string; apiKey: string },
  customToken: string,
): Promise<IdTokenSession> {
  const url = `${endpoint.apiUrl}/v1/accounts:signInWithCustomToken?key=${encodeURIComponent(endpoint.apiKey)}`;
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: customToken, returnSecureToken: true } satisfies Exchange["request"]),
  });
  let response: Response;
  try {
    response = await fetcher(request);
  } catch (error) {
    throw new IdpError(
      "provider_unavailable",
      `The identity provider could not be reached (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const providerError = providerErrorSchema.safeParse(body);
    const providerMessage = providerError.success ? providerError.data.error.message : undefined;
    if (response.status >= 400 && response.status < 500) {
      throw new IdpError(
        "custom_token_rejected",
        `The identity provider refused the custom token (${providerMessage ?? `HTTP ${response.status}`}).`,
        providerMessage,
      );
    }
    throw new IdpError(
      "provider_unavailable",
      `The identity provider answered HTTP ${response.status}.`,
      providerMessage,
    );
  }
  const session = signInAnswerSchema.safeParse(body);
  if (!session.success) {
    throw new IdpError("provider_unavailable", "The identity provider's sign-in answer has no idToken/refreshToken.");
  }
  return session.data;
}
