import { importJWK, type JWK } from "jose";
import { z } from "zod";
import { IdTokenError } from "./identity-provider";

/** fetch, or whatever delivers a request to the provider (see index.ts for dev). */
export type Fetcher = (request: Request) => Promise<Response>;

/** Cache lifetime when the JWKS response has no usable Cache-Control max-age. */
const DEFAULT_MAX_AGE_SECONDS = 300;
/** An unknown kid refetches the set at most this often, so garbage tokens cannot flood the provider. */
export const UNKNOWN_KID_REFETCH_INTERVAL_SECONDS = 30;

const jwkSetSchema = z.object({
  keys: z.array(
    z.looseObject({
      kty: z.string(),
      kid: z.string().optional(),
      alg: z.string().optional(),
      use: z.string().optional(),
      n: z.string().optional(),
      e: z.string().optional(),
    }),
  ),
});

interface CachedKeys {
  keys: Map<string, CryptoKey>;
  expiresAt: number;
}

/** Reads Cache-Control max-age (seconds), or null. */
export function maxAgeOf(cacheControl: string | null): number | null {
  const match = cacheControl?.match(/(?:^|,)\s*max-age\s*=\s*(\d+)/i);
  return match ? Number(match[1]) : null;
}

/**
 * The provider's signing keys, by kid. Fetched on first use, kept for the response's max-age,
 * refetched early (rate-limited) when a token names a kid the cached set does not hold, because
 * the provider rotates keys. Only RSA keys meant for RS256 signatures are kept.
 */
export class JwksCache {
  private cached: CachedKeys | undefined;
  private inFlight: Promise<CachedKeys> | undefined;
  private lastFetchAt = Number.NEGATIVE_INFINITY;
  private readonly url: string;
  private readonly fetcher: Fetcher;
  private readonly now: () => number;

  constructor(url: string, fetcher: Fetcher, now: () => number = () => Date.now() / 1000) {
    this.url = url;
    this.fetcher = fetcher;
    this.now = now;
  }

  /** The RS256 public key with this kid. Throws IdTokenError when there is none. */
  async key(kid: string): Promise<CryptoKey> {
    let keys = await this.current();
    let key = keys.keys.get(kid);
    if (!key && this.now() - this.lastFetchAt >= UNKNOWN_KID_REFETCH_INTERVAL_SECONDS) {
      keys = await this.refresh();
      key = keys.keys.get(kid);
    }
    if (!key)
      throw new IdTokenError("id_token_key_unknown", `No signing key of the identity provider has kid "${kid}".`);
    return key;
  }

  private current(): Promise<CachedKeys> {
    if (this.cached && this.cached.expiresAt > this.now()) return Promise.resolve(this.cached);
    return this.refresh();
  }

  private refresh(): Promise<CachedKeys> {
    this.inFlight ??= this.fetchKeys().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async fetchKeys(): Promise<CachedKeys> {
    this.lastFetchAt = this.now();
    let response: Response;
    try {
      response = await this.fetcher(new Request(this.url, { headers: { accept: "application/json" } }));
    } catch (error) {
      throw unavailable(`the request failed (${error instanceof Error ? error.message : String(error)})`);
    }
    if (!response.ok) throw unavailable(`HTTP ${response.status}`);
    const parsed = jwkSetSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw unavailable("the response is not a JWK set");

    const keys = new Map<string, CryptoKey>();
    for (const jwk of parsed.data.keys) {
      if (jwk.kty !== "RSA" || !jwk.kid || !jwk.n || !jwk.e) continue;
      if ((jwk.alg && jwk.alg !== "RS256") || (jwk.use && jwk.use !== "sig")) continue;
      const key = await importJWK({ kty: "RSA", n: jwk.n, e: jwk.e } satisfies JWK, "RS256");
      if (key instanceof CryptoKey) keys.set(jwk.kid, key);
    }
    const maxAge = maxAgeOf(response.headers.get("cache-control")) ?? DEFAULT_MAX_AGE_SECONDS;
    this.cached = { keys, expiresAt: this.now() + maxAge };
    return this.cached;
  }
}

function unavailable(why: string): IdTokenError {
  return new IdTokenError(
    "id_token_keys_unavailable",
    `The identity provider's signing keys could not be loaded: ${why}.`,
  );
}
