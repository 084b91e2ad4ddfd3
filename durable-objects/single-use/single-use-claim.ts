import { DurableObject } from "cloudflare:workers";

/** How long a claim is remembered by default: longer than any code lives (5 minutes). */
const DEFAULT_FORGET_AFTER_MS = 10 * 60_000;
/** Upper bound of what a caller may ask for, so a bad argument cannot pin storage for ever. */
const MAX_FORGET_AFTER_MS = 24 * 60 * 60_000;

/**
 * One per single-use value (a code or a login state, named after its KV key). KV is eventually
 * consistent, so two parallel redemptions can both read the record; both then ask this object,
 * which runs one call at a time and answers true exactly once.
 */
export class SingleUseClaim extends DurableObject<Env> {
  /**
   * True for the first caller only. `forgetAfterMs` must outlive the claimed value (its KV
   * record), so no replay is possible once the claim is forgotten.
   */
  async claim(forgetAfterMs = DEFAULT_FORGET_AFTER_MS): Promise<boolean> {
    // Synchronous storage: no other call can run between the read and the write.
    if (this.ctx.storage.kv.get<number>("claimedAt") !== undefined) return false;
    this.ctx.storage.kv.put("claimedAt", Date.now());
    const remember = Math.min(Math.max(forgetAfterMs, DEFAULT_FORGET_AFTER_MS), MAX_FORGET_AFTER_MS);
    await this.ctx.storage.setAlarm(Date.now() + remember);
    return true;
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
