import type { IdentityToolkitCalls } from "../../src/idp/identity-toolkit-types";

type Refresh = IdentityToolkitCalls["token"];

/** A field's proto name (`refresh_token`), the form names of the securetoken refresh. */
type ProtoName<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${ProtoName<Tail>}`
  : S;
/** The refresh's form: the contract's request fields by their proto names, as Google documents the call. */
export type RefreshForm = { [K in keyof Refresh["request"] as ProtoName<K & string>]?: string };

/** The securetoken endpoint and the web API key. */
export interface TokenEndpoint {
  tokenUrl: string;
  apiKey: string;
}

export interface RefreshedTokens {
  idToken: string;
  refreshToken: string;
  /** Seconds, as a string. */
  expiresIn: string;
}

export function refreshForm(refreshToken: string): RefreshForm {
  return { grant_type: "refresh_token", refresh_token: refreshToken };
}

/** A new ID token for a refresh token (POST {tokenUrl}/v1/token); null when refused or unreachable. */
export async function refreshIdToken(endpoint: TokenEndpoint, refreshToken: string): Promise<RefreshedTokens | null> {
  const res = await fetch(`${endpoint.tokenUrl}/v1/token?key=${encodeURIComponent(endpoint.apiKey)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(refreshForm(refreshToken) as Record<string, string>),
  }).catch(() => null);
  if (!res?.ok) return null;
  const body = (await res.json()) as Refresh["response"];
  if (!body.id_token || !body.refresh_token || !body.expires_in) return null;
  return { idToken: body.id_token, refreshToken: body.refresh_token, expiresIn: body.expires_in };
}
