import { randomToken, sha256Hex } from "../../src/auth/crypto";
import { type CodeKind, type CodeRecord, isExpired, kvTtlSeconds } from "../../src/auth/single-use";

export type Redemption =
  | { ok: true; record: CodeRecord }
  | { ok: false; reason: "unknown" | "expired" | "used" | "refused" };

/**
 * Single-use codes: the record lives in KV (with a TTL, keyed by the code's hash), and the one
 * redemption is decided by a SingleUseClaim Durable Object per code, because KV reads cannot
 * tell two racing redemptions apart.
 */
export class CodeStore {
  constructor(
    private readonly kv: KVNamespace,
    private readonly claims: Env["SINGLE_USE"],
    private readonly now: () => number,
  ) {}

  async issue(kind: CodeKind, fields: Omit<CodeRecord, "kind" | "issuedAt">): Promise<string> {
    const code = randomToken();
    const record: CodeRecord = { ...fields, kind, issuedAt: this.now() };
    await this.kv.put(await keyOf(kind, code), JSON.stringify(record), { expirationTtl: kvTtlSeconds(kind) });
    return code;
  }

  /** The record of a live code, without spending it (the hand-over's confirmation page). */
  async peek(kind: CodeKind, code: string): Promise<Redemption> {
    const record = await this.kv.get<CodeRecord>(await keyOf(kind, code), "json");
    if (!record || record.kind !== kind) return { ok: false, reason: "unknown" };
    if (isExpired(record, this.now())) return { ok: false, reason: "expired" };
    return { ok: true, record };
  }

  /**
   * Redeems a code of one kind (a code of another kind is unknown here). `accept` checks the
   * request against the record (a PKCE verifier) before the code is spent, so a wrong attempt
   * does not burn the code of the rightful client.
   */
  async redeem(
    kind: CodeKind,
    code: string,
    accept: (record: CodeRecord) => Promise<boolean> | boolean = () => true,
  ): Promise<Redemption> {
    const key = await keyOf(kind, code);
    const record = await this.kv.get<CodeRecord>(key, "json");
    if (!record || record.kind !== kind) return { ok: false, reason: "unknown" };
    if (isExpired(record, this.now())) return { ok: false, reason: "expired" };
    if (!(await accept(record))) return { ok: false, reason: "refused" };
    const claim = this.claims.get(this.claims.idFromName(key));
    if (!(await claim.claim())) return { ok: false, reason: "used" };
    await this.kv.delete(key);
    return { ok: true, record };
  }
}

async function keyOf(kind: CodeKind, code: string): Promise<string> {
  return `code:${kind}:${await sha256Hex(code)}`;
}
