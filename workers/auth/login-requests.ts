import { randomToken, sha256Hex } from "../../src/auth/crypto";

/** What /login was asked for; bound to a state so /api/callback cannot be pointed elsewhere. */
export interface LoginRequest {
  redirectUri: string;
  clientId: string;
  codeChallenge: string | null;
  prompt: "select_account" | null;
  /** SHA-256 of the browser's auth_login_nonce cookie: the page and the callback share a browser. */
  nonceHash: string;
  issuedAt: number;
}

/** A login page stays usable for an hour (long enough to fetch an SMS code or a password). */
export const LOGIN_REQUEST_TTL_SECONDS = 3600;

/** A claim outlives the login request it spends, so a spent state never works again. */
const CLAIM_REMEMBER_MS = (LOGIN_REQUEST_TTL_SECONDS + 10 * 60) * 1000;

/**
 * Login requests live in KV under the state's hash. A refused callback leaves the request in
 * place (the page may post again); a successful one spends it through a SingleUseClaim Durable
 * Object named after the KV key, because two racing KV reads cannot tell who was first.
 */
export class LoginRequestStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly claims: Env["SINGLE_USE"],
    private readonly now: () => number,
  ) {}

  async create(request: Omit<LoginRequest, "issuedAt">): Promise<string> {
    const state = randomToken();
    const record: LoginRequest = { ...request, issuedAt: this.now() };
    await this.kv.put(await keyOf(state), JSON.stringify(record), { expirationTtl: LOGIN_REQUEST_TTL_SECONDS });
    return state;
  }

  async find(state: string): Promise<LoginRequest | null> {
    const record = await this.kv.get<LoginRequest>(await keyOf(state), "json");
    if (!record || this.now() - record.issuedAt >= LOGIN_REQUEST_TTL_SECONDS * 1000) return null;
    return record;
  }

  /** Spends the state: true for exactly one caller, however many race; the record is then deleted. */
  async consume(state: string): Promise<boolean> {
    const key = await keyOf(state);
    const claim = this.claims.get(this.claims.idFromName(key));
    if (!(await claim.claim(CLAIM_REMEMBER_MS))) return false;
    await this.kv.delete(key);
    return true;
  }
}

async function keyOf(state: string): Promise<string> {
  return `login:${await sha256Hex(state)}`;
}
