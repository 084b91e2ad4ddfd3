import type { Context } from "hono";
import type { IdpConfig } from "../../src/config/idp";
import { verifyIdToken } from "../../src/idp/id-token";
import { IdTokenError } from "../../src/idp/identity-provider";
import type { AppEnv } from "../../src/worker-kit/app-env";
import { ID_TOKEN_LIFETIME_SECONDS, mintIdToken } from "./id-token-minter";
import { ProviderError } from "./provider-error";
import { seedDevUsers } from "./seed";
import { type DevSigningKey, devSigningKeyFor } from "./signing-key";
import { type DevUser, DevUserStore } from "./user-store";

/** The provider's sign-in answer (Identity Toolkit names). */
export interface SignInResult {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
}

/** Everything a dev IdP route needs: the users, the signing key, the project. */
export class DevIdp {
  constructor(
    readonly config: IdpConfig,
    readonly users: DevUserStore,
    readonly key: DevSigningKey,
  ) {}

  /** Signs the user in: a fresh ID token and a refresh token that remembers this session. */
  async signIn(
    user: DevUser,
    signInProvider: string,
    sessionClaims: Record<string, unknown> = {},
  ): Promise<SignInResult> {
    if (user.disabled) throw new ProviderError("USER_DISABLED");
    const now = nowSeconds();
    const grant = { uid: user.uid, signInProvider, authTime: now, sessionClaims };
    const idToken = await mintIdToken(this.key, { user, projectId: this.config.projectId, now, ...grant });
    const refreshToken = await this.users.issueRefreshToken({ ...grant, generation: user.sessionGeneration ?? 0 });
    return { idToken, refreshToken, expiresIn: String(ID_TOKEN_LIFETIME_SECONDS), localId: user.uid };
  }

  /** The account an ID token of this IdP stands for (INVALID_ID_TOKEN, USER_NOT_FOUND, TOKEN_EXPIRED). */
  async userOfIdToken(idToken: string): Promise<DevUser> {
    return (await this.sessionOfIdToken(idToken)).user;
  }

  /**
   * The account of an ID token and when its session signed in (auth_time), as the provider checks
   * it: INVALID_ID_TOKEN, USER_NOT_FOUND, TOKEN_EXPIRED (issued before the account's
   * tokens-valid-after time), USER_DISABLED.
   */
  async sessionOfIdToken(idToken: string): Promise<{ user: DevUser; authTime: number; signInProvider: string }> {
    let verified: { uid: string; issuedAt: number; authTime: number; signInProvider: string | null };
    try {
      verified = await verifyIdToken(idToken, {
        projectId: this.config.projectId,
        keyFor: async (kid) => {
          if (kid !== this.key.kid) throw new IdTokenError("id_token_key_unknown", "unknown kid");
          return this.key.publicKey;
        },
        now: nowSeconds,
      });
    } catch (error) {
      if (error instanceof IdTokenError) throw new ProviderError("INVALID_ID_TOKEN");
      throw error;
    }
    const user = await this.users.get(verified.uid);
    if (!user) throw new ProviderError("USER_NOT_FOUND");
    // Issued before the account's tokens-valid-after time (a password change, a revoke): the
    // provider wants a new sign-in.
    if (verified.issuedAt < (user.tokensValidAfter ?? 0)) throw new ProviderError("TOKEN_EXPIRED");
    if (user.disabled) throw new ProviderError("USER_DISABLED");
    return { user, authTime: verified.authTime, signInProvider: verified.signInProvider ?? "custom" };
  }
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The DevIdp of this request; seeded accounts are created on first use of an empty store. */
export async function devIdpOf(c: Context<AppEnv>): Promise<DevIdp> {
  const users = new DevUserStore(c.env.SESSIONS);
  const [key] = await Promise.all([devSigningKeyFor(c.env), seedDevUsers(users)]);
  return new DevIdp(c.get("config").idp, users, key);
}
