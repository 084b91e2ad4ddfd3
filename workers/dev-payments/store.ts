import { SEED_PRICES } from "./catalog";
import type {
  ChargeObject,
  CheckoutSessionObject,
  DisputeObject,
  EventObject,
  PaymentIntentObject,
  PriceObject,
  RefundObject,
} from "./objects";

/** How the stand-in delivers events (set on the hosted page or by POST /dev/settings). */
export interface DeliverySettings {
  /** immediate: sent when they happen; hold: queued until POST /dev/events/flush. */
  mode: "immediate" | "hold";
  /** Each event is sent this many times, concurrently (Stripe may deliver more than once). */
  duplicates: number;
  /** reversed: a batch of events goes out last first (Stripe does not promise order). */
  order: "normal" | "reversed";
}

export const DEFAULT_SETTINGS: DeliverySettings = { mode: "immediate", duplicates: 1, order: "normal" };

/** One delivery attempt of an event to the webhook endpoint. */
export interface DeliveryRecord {
  eventId: string;
  type: string;
  status: number | null;
  at: number;
}

type Kind = "price" | "lookup" | "session" | "payment_intent" | "charge" | "refund" | "dispute" | "event";
type ObjectOf<K extends Kind> = K extends "price"
  ? PriceObject
  : K extends "lookup"
    ? string
    : K extends "session"
      ? CheckoutSessionObject
      : K extends "payment_intent"
        ? PaymentIntentObject
        : K extends "charge"
          ? ChargeObject
          : K extends "refund"
            ? RefundObject
            : K extends "dispute"
              ? DisputeObject
              : EventObject;

const PREFIX = "dev-payments:";
/** Stand-in objects outlive any dev session worth keeping. */
const TTL_SECONDS = 60 * 60 * 24 * 30;

/** The stand-in's state in the SESSIONS KV namespace under the "dev-payments:" prefix. */
export class StandInStore {
  constructor(private readonly kv: KVNamespace) {}

  async get<K extends Kind>(kind: K, id: string): Promise<ObjectOf<K> | null> {
    if (kind === "price") {
      const seeded = SEED_PRICES.find((price) => price.id === id);
      if (seeded) return seeded as ObjectOf<K>;
    }
    return this.kv.get<ObjectOf<K>>(`${PREFIX}${kind}:${id}`, "json");
  }

  async put<K extends Kind>(kind: K, id: string, value: ObjectOf<K>): Promise<void> {
    await this.kv.put(`${PREFIX}${kind}:${id}`, JSON.stringify(value), { expirationTtl: TTL_SECONDS });
  }

  /** The active price with a lookup key: one created through the API first, else a seeded one. */
  async priceByLookupKey(lookupKey: string): Promise<PriceObject | null> {
    const id = await this.get("lookup", lookupKey);
    const created = id ? await this.get("price", id) : null;
    if (created?.active) return created;
    return SEED_PRICES.find((price) => price.lookup_key === lookupKey && price.active) ?? null;
  }

  async settings(): Promise<DeliverySettings> {
    return (await this.kv.get<DeliverySettings>(`${PREFIX}settings`, "json")) ?? DEFAULT_SETTINGS;
  }

  async setSettings(settings: DeliverySettings): Promise<void> {
    await this.kv.put(`${PREFIX}settings`, JSON.stringify(settings));
  }

  /** Event ids waiting for a flush (hold mode), oldest first. */
  async held(): Promise<string[]> {
    return (await this.kv.get<string[]>(`${PREFIX}held`, "json")) ?? [];
  }

  async setHeld(ids: readonly string[]): Promise<void> {
    await this.kv.put(`${PREFIX}held`, JSON.stringify(ids));
  }

  async deliveries(): Promise<DeliveryRecord[]> {
    return (await this.kv.get<DeliveryRecord[]>(`${PREFIX}deliveries`, "json")) ?? [];
  }

  /** The last 200 delivery attempts, newest last. */
  async recordDeliveries(records: readonly DeliveryRecord[]): Promise<void> {
    const all = [...(await this.deliveries()), ...records].slice(-200);
    await this.kv.put(`${PREFIX}deliveries`, JSON.stringify(all));
  }
}
