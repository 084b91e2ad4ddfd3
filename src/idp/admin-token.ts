import { SignJWT } from "jose";
import { z } from "zod";
import { IdpError } from "./identity-provider";
import type { Fetcher } from "./jwks";
import type { ServiceAccountKey } from "./service-account-key";

/** The OAuth 2.0 scope the provider's project-scoped account calls accept. */
export const ADMIN_SCOPE = "https://www.googleapis.com/auth/cloud-platform";
/** RFC 7523 section 2.1: a JWT as an authorization grant. */
export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
/** Google takes assertions of at most an hour. */
const ASSERTION_LIFETIME_SECONDS = 3600;
/** A cached access token is replaced this long before it expires, so none runs out in flight. */
const RENEW_BEFORE_SECONDS = 300;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
});

/**
 * Google OAuth 2.0 access tokens of the service account, for the provider's admin calls: an
 * assertion signed with the service account's key (iss its email, aud the token endpoint, the
 * scope) traded at the token endpoint (RFC 7523), as Google's libraries and the admin SDK do.
 * One token is kept per instance until five minutes before it expires (Google's last an hour),
 * so the trade costs one request per isolate and hour.
 */
export class AdminAccessTokens {
  private current: { token: string; renewAt: number } | null = null;
  private readonly key: ServiceAccountKey;
  private readonly tokenUrl: string;
  private readonly fetcher: Fetcher;
  /** Seconds since the epoch. */
  private readonly now: () => number;

  constructor(key: ServiceAccountKey, tokenUrl: string, fetcher: Fetcher, now: () => number) {
    this.key = key;
    this.tokenUrl = tokenUrl;
    this.fetcher = fetcher;
    this.now = now;
  }

  async token(): Promise<string> {
    if (this.current && this.now() < this.current.renewAt) return this.current.token;
    const issuedAt = Math.floor(this.now());
    const answer = await this.trade(await this.assertion(issuedAt));
    this.current = { token: answer.access_token, renewAt: issuedAt + answer.expires_in - RENEW_BEFORE_SECONDS };
    return answer.access_token;
  }

  /** Drops the kept token (the provider refused it): the next call trades a new one. */
  forget(): void {
    this.current = null;
  }

  private async assertion(issuedAt: number): Promise<string> {
    const { clientEmail } = this.key.serviceAccount;
    return new SignJWT({ scope: ADMIN_SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(clientEmail)
      .setAudience(this.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ASSERTION_LIFETIME_SECONDS)
      .sign(await this.key.privateKey());
  }

  private async trade(assertion: string): Promise<z.output<typeof tokenAnswer>> {
    const request = new Request(this.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }).toString(),
    });
    let response: Response;
    try {
      response = await this.fetcher(request);
    } catch (error) {
      throw new IdpError(
        "provider_unavailable",
        `The OAuth token endpoint could not be reached (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const refusal = z.object({ error: z.string() }).safeParse(body);
      throw new IdpError(
        response.status >= 500 ? "provider_unavailable" : "admin_call_refused",
        `The OAuth token endpoint refused the service account's assertion (HTTP ${response.status}${refusal.success ? ` ${refusal.data.error}` : ""}).`,
      );
    }
    const answer = tokenAnswer.safeParse(body);
    if (!answer.success)
      throw new IdpError("provider_unavailable", "The OAuth token endpoint answered no access token.");
    return answer.data;
  }
}
