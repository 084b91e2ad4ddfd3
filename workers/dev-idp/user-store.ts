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
  createdAt: number;
}

/** What a refresh token stands for: the user, how they signed in, and the session's own claims. */
export interface RefreshGrant {
  uid: string;
  signInProvider: string;
  authTime: number;
  /** Developer claims of the custom token that started this session. */
  sessionClaims: Record<string, unknown>;
}

const PREFIX = "dev-idp:";
/** Phone sign-in attempts live as long as the provider's codes do. */
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
