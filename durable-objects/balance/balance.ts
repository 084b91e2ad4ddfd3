import { DurableObject } from "cloudflare:workers";

export interface BalanceSnapshot {
  balance: number;
  updatedAt: number;
}

/**
 * One per user: the channel behind the currentUserCoinBalance subscription. A credit publishes
 * the new balance here; subscribers read the latest snapshot.
 */
export class Balance extends DurableObject<Env> {
  async publish(balance: number): Promise<BalanceSnapshot> {
    const snapshot: BalanceSnapshot = { balance, updatedAt: Date.now() };
    this.ctx.storage.kv.put("latest", snapshot);
    return snapshot;
  }

  async latest(): Promise<BalanceSnapshot | null> {
    return this.ctx.storage.kv.get<BalanceSnapshot>("latest") ?? null;
  }
}
