import type { PasswordHash } from "./password";

/** A dev IdP account, kept in the SESSIONS KV namespace under the "dev-idp:" prefix. */
export interface DevUser {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  passwordHash: PasswordHash | null;
  /** Claims set by an admin (setCustomUserClaims); in every ID token of the user. */
  customClaims: Record<string, unknown>;
  /** Social providers this account signs in with (absent on accounts that never used one). */
  socialProviders?: string[];
  createdAt: number;
  /**
   * The account's tokens-valid-after time (`validSince`, seconds since the epoch), as the provider
   * keeps it: a change of password, an admin's revoke (accounts:update with validSince) or
   * disabling the account ends the sessions signed in before it: ID tokens issued before this
   * second ...
   */
  tokensValidAfter?: number;
  /** ... and refresh tokens of an earlier generation (one more per change; absent: 0). */
  sessionGeneration?: number;
  /** Disabled by an admin (accounts:update disableUser): no sign-in, no refresh (USER_DISABLED). */
  disabled?: boolean;
  /**
   * The project's rule for publish principals (docs/decisions/0124-revocation-is-honoured-a-publish-principal.md): the account a custom token of a
   * `publish:` uid creates refuses accounts:update and linking, so whoever holds its ID token
   * cannot give it an email, a password or another sign-in method.
   */
  updatesRefused?: boolean;
}

/** What a refresh token stands for: the user, how they signed in, and the session's own claims. */
export interface RefreshGrant {
  uid: string;
  signInProvider: string;
  authTime: number;
  /** Developer claims of the custom token that started this session. */
  sessionClaims: Record<string, unknown>;
  /** The user's sessionGeneration when the refresh token was issued (absent: 0). */
  generation?: number;
}

/** A social sign-in in progress: which provider, where the browser goes back to. */
export interface SocialSignIn {
  providerId: string;
  continueUri: string;
}

/** The social site's answer, redeemed once by accounts:signInWithIdp. */
export interface SocialAnswer extends SocialSignIn {
  sessionId: string;
  email: string;
}

const PREFIX = "dev-idp:";
/** Phone and social sign-in attempts live as long as the provider's codes do. */
const PHONE_SESSION_TTL_SECONDS = 600;
/** Refresh tokens outlive any dev session worth keeping. */
const REFRESH_TTL_SECONDS = 60 * 60 * 24 * 30;

export class DevUserStore {
  constructor(private readonly kv: KVNamespace) {}

  get(uid: string): Promise<DevUser | null> {
    return this.kv.get<DevUser>(`${PREFIX}user:${uid}`, "json");
  }

  async byEmail(email: string): Promise<DevUser | null> {
    const uid = await this.kv.get(`${PREFIX}email:${email.toLowerCase()}`);
    return uid ? this.get(uid) : null;
  }

  /** The account a social identity was linked to (accounts:signInWithIdp with idToken), if any. */
  async byFederated(providerId: string, email: string): Promise<DevUser | null> {
    const uid = await this.kv.get(`${PREFIX}federated:${providerId}:${email.toLowerCase()}`);
    return uid ? this.get(uid) : null;
  }

  async linkFederated(providerId: string, email: string, uid: string): Promise<void> {
    await this.kv.put(`${PREFIX}federated:${providerId}:${email.toLowerCase()}`, uid);
  }

  /** Removes the links of these social providers for the account's email (they no longer sign it in). */
  async unlinkFederated(user: DevUser, providerIds: readonly string[]): Promise<void> {
    if (!user.email) return;
    for (const providerId of providerIds) {
      const key = `${PREFIX}federated:${providerId}:${user.email.toLowerCase()}`;
      if ((await this.kv.get(key)) === user.uid) await this.kv.delete(key);
    }
  }

  async byPhone(phoneNumber: string): Promise<DevUser | null> {
    const uid = await this.kv.get(`${PREFIX}phone:${phoneNumber}`);
    return uid ? this.get(uid) : null;
  }

  /** Writes the user and its email/phone index entries. */
  async put(user: DevUser): Promise<void> {
    await this.kv.put(`${PREFIX}user:${user.uid}`, JSON.stringify(user));
    if (user.email) await this.kv.put(`${PREFIX}email:${user.email.toLowerCase()}`, user.uid);
    if (user.phoneNumber) await this.kv.put(`${PREFIX}phone:${user.phoneNumber}`, user.uid);
  }

  /** Writes a changed user; an email it no longer has stops naming it. */
  async replace(previous: DevUser, next: DevUser): Promise<void> {
    await this.put(next);
    if (previous.email && previous.email.toLowerCase() !== next.email?.toLowerCase()) {
      await this.kv.delete(`${PREFIX}email:${previous.email.toLowerCase()}`);
    }
  }

  /** Removes the account and every index entry naming it (accounts:delete). */
  async remove(user: DevUser): Promise<void> {
    const names = [
      user.email && `email:${user.email.toLowerCase()}`,
      user.phoneNumber && `phone:${user.phoneNumber}`,
      ...(user.email ? (user.socialProviders ?? []).map((p) => `federated:${p}:${user.email?.toLowerCase()}`) : []),
    ].filter((name): name is string => Boolean(name));
    for (const name of names) {
      if ((await this.kv.get(`${PREFIX}${name}`)) === user.uid) await this.kv.delete(`${PREFIX}${name}`);
    }
    await this.kv.delete(`${PREFIX}user:${user.uid}`);
  }

  async issueRefreshToken(grant: RefreshGrant): Promise<string> {
    const token = randomToken();
    await this.kv.put(`${PREFIX}refresh:${token}`, JSON.stringify(grant), { expirationTtl: REFRESH_TTL_SECONDS });
    return token;
  }

  refreshGrant(token: string): Promise<RefreshGrant | null> {
    return this.kv.get<RefreshGrant>(`${PREFIX}refresh:${token}`, "json");
  }

  async startPhoneSignIn(phoneNumber: string): Promise<string> {
    const sessionInfo = randomToken();
    await this.kv.put(`${PREFIX}phone-session:${sessionInfo}`, phoneNumber, {
      expirationTtl: PHONE_SESSION_TTL_SECONDS,
    });
    return sessionInfo;
  }

  phoneOfSession(sessionInfo: string): Promise<string | null> {
    return this.kv.get(`${PREFIX}phone-session:${sessionInfo}`);
  }

  endPhoneSignIn(sessionInfo: string): Promise<void> {
    return this.kv.delete(`${PREFIX}phone-session:${sessionInfo}`);
  }

  async startSocialSignIn(attempt: SocialSignIn): Promise<string> {
    const sessionId = randomToken();
    await this.kv.put(`${PREFIX}social-session:${sessionId}`, JSON.stringify(attempt), {
      expirationTtl: PHONE_SESSION_TTL_SECONDS,
    });
    return sessionId;
  }

  socialSignIn(sessionId: string): Promise<SocialSignIn | null> {
    if (sessionId === "") return Promise.resolve(null);
    return this.kv.get<SocialSignIn>(`${PREFIX}social-session:${sessionId}`, "json");
  }

  /** Ends the attempt and returns the one-time code the browser carries back. */
  async answerSocialSignIn(sessionId: string, answer: SocialSignIn & { email: string }): Promise<string> {
    const code = randomToken();
    await this.kv.put(`${PREFIX}social-code:${code}`, JSON.stringify({ ...answer, sessionId }), {
      expirationTtl: PHONE_SESSION_TTL_SECONDS,
    });
    await this.kv.delete(`${PREFIX}social-session:${sessionId}`);
    return code;
  }

  /** The answer behind a code, once: a second redemption finds nothing. */
  async redeemSocialCode(code: string): Promise<SocialAnswer | null> {
    const answer = await this.kv.get<SocialAnswer>(`${PREFIX}social-code:${code}`, "json");
    if (answer) await this.kv.delete(`${PREFIX}social-code:${code}`);
    return answer;
  }
}

/** A provider-style uid: 28 random URL-safe characters. */
export function newUid(): string {
  return randomToken().slice(0, 28);
}

function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
