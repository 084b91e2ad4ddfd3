import { randomToken, sha256Hex } from "../../src/auth/crypto";
import { RECAPTCHA_TOKEN_LIFETIME_MS } from "../../src/auth/recaptcha";

/** A token the dev widget was handed, as the dev IdP remembers it (by its hash). */
interface IssuedToken {
  siteKey: string;
  issuedAt: number;
}

/** Why a token is refused; every reason is INVALID_APP_CREDENTIAL to the caller, as with the provider. */
export type TokenRefusal = "unknown" | "expired" | "other_site_key";

const PREFIX = "dev-idp:recaptcha:";
/** KV keeps them a little past their lifetime (its TTL has a 60 s minimum and is only cleanup). */
const KV_TTL_SECONDS = RECAPTCHA_TOKEN_LIFETIME_MS / 1000 + 60;

/**
 * The dev reCAPTCHA's response tokens: issued to the dev widget, then verified once by
 * accounts:sendVerificationCode, like Google's (two minutes, single use). Expiry is decided from
 * `issuedAt` with the app's clock, so tests move time instead of waiting.
 */
export class DevRecaptchaTokens {
  constructor(
    private readonly kv: KVNamespace,
    private readonly clock: () => number,
  ) {}

  async issue(siteKey: string): Promise<string> {
    const token = `dev-recaptcha.${randomToken()}`;
    const issued: IssuedToken = { siteKey, issuedAt: this.clock() };
    await this.kv.put(await keyOf(token), JSON.stringify(issued), { expirationTtl: KV_TTL_SECONDS });
    return token;
  }

  /** Spends the token: true once for a live token of this site key, a refusal otherwise. */
  async verify(token: string, siteKey: string): Promise<true | TokenRefusal> {
    const key = await keyOf(token);
    const issued = await this.kv.get<IssuedToken>(key, "json");
    if (!issued) return "unknown";
    await this.kv.delete(key);
    if (this.clock() - issued.issuedAt > RECAPTCHA_TOKEN_LIFETIME_MS) return "expired";
    return issued.siteKey === siteKey ? true : "other_site_key";
  }
}

async function keyOf(token: string): Promise<string> {
  return `${PREFIX}${await sha256Hex(token)}`;
}
