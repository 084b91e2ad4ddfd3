import type { Context } from "hono";
import type { IdpConfig } from "../../src/idp/config";
import type { AppEnv } from "../shared/app-env";
import { ID_TOKEN_LIFETIME_SECONDS, mintIdToken } from "./id-token-minter";
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
    const now = nowSeconds();
    const grant = { uid: user.uid, signInProvider, authTime: now, sessionClaims };
    const idToken = await mintIdToken(this.key, { user, projectId: this.config.projectId, now, ...grant });
    const refreshToken = await this.users.issueRefreshToken(grant);
    return { idToken, refreshToken, expiresIn: String(ID_TOKEN_LIFETIME_SECONDS), localId: user.uid };
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
