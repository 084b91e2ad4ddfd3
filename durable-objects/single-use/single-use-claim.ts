import { DurableObject } from "cloudflare:workers";

/** How long a claim is remembered: longer than any code lives (5 minutes), so no replay outlives it. */
const FORGET_AFTER_MS = 10 * 60_000;

/**
 * One per single-use code (named after the code's hash). KV is eventually consistent, so two
 * parallel redemptions can both read the code; both then ask this object, which runs one call
 * at a time and answers true exactly once.
 */
export class SingleUseClaim extends DurableObject<Env> {
  async claim(): Promise<boolean> {
    // Synchronous storage: no other call can run between the read and the write.
    if (this.ctx.storage.kv.get<number>("claimedAt") !== undefined) return false;
    this.ctx.storage.kv.put("claimedAt", Date.now());
    await this.ctx.storage.setAlarm(Date.now() + FORGET_AFTER_MS);
    return true;
  }

  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
