import type { IdpConfig } from "../config/idp";
import { AdminClient } from "./admin-client";
import { AdminAccessTokens } from "./admin-token";
import { CustomTokenSigner } from "./custom-token";
import { verifyIdToken } from "./id-token";
import type {
  AccountLookup,
  AccountProfile,
  AccountState,
  IdentityProvider,
  IdTokenSession,
  VerifiedIdToken,
} from "./identity-provider";
import { type Fetcher, JwksCache } from "./jwks";
import { signInWithCustomToken } from "./rest-client";
import { ServiceAccountKey } from "./service-account-key";

/**
 * The identity provider as Firebase Authentication speaks it: custom tokens signed with the
 * service-account key, ID tokens checked against the securetoken JWKS, Identity Toolkit REST.
 * The dev IdP (workers/dev-idp) speaks the same protocol, so this runs unchanged in every test.
 */
export class FirebaseIdentityProvider implements IdentityProvider {
  private readonly signer: CustomTokenSigner;
  private readonly jwks: JwksCache;
  private readonly admin: AdminClient;
  private readonly config: IdpConfig;
  private readonly fetcher: Fetcher;
  private readonly now: () => number;

  constructor(config: IdpConfig, fetcher: Fetcher, now: () => number = () => Date.now() / 1000) {
    this.config = config;
    this.fetcher = fetcher;
    this.now = now;
    const key = new ServiceAccountKey(config.serviceAccount);
    this.signer = new CustomTokenSigner(config.serviceAccount, () => Math.floor(this.now()), key);
    this.jwks = new JwksCache(config.jwksUrl, fetcher, now);
    const tokens = new AdminAccessTokens(key, config.adminTokenUrl, fetcher, now);
    this.admin = new AdminClient(config, fetcher, tokens);
  }

  createCustomToken(uid: string, claims?: Record<string, unknown>): Promise<string> {
    return this.signer.sign(uid, claims);
  }

  verifyIdToken(idToken: string): Promise<VerifiedIdToken> {
    return verifyIdToken(idToken, {
      projectId: this.config.projectId,
      keyFor: (kid) => this.jwks.key(kid),
      now: this.now,
    });
  }

  signInWithCustomToken(customToken: string): Promise<IdTokenSession> {
    return signInWithCustomToken(this.fetcher, this.config, customToken);
  }

  accountState(uid: string): Promise<AccountState | null> {
    return this.admin.accountState(uid);
  }

  revokeSessions(uid: string, validSince: number): Promise<void> {
    return this.admin.setValidSince(uid, validSince);
  }

  account(lookup: AccountLookup): Promise<AccountProfile | null> {
    return this.admin.account(lookup);
  }
}
