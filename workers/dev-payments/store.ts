import { SEED_PRICES, SEED_PRODUCTS } from "./catalog";
import type {
  ChargeObject,
  CheckoutSessionObject,
  DisputeObject,
  EventObject,
  PaymentIntentObject,
  PriceObject,
  ProductObject,
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
  /**
   * Immediate mode: 0 sends events while the request that made them runs; more sends them from the
   * webhook queue this many ms later, as Stripe sends them a moment after the payment.
   */
  delayMs: number;
}

export const DEFAULT_SETTINGS: DeliverySettings = { mode: "immediate", duplicates: 1, order: "normal", delayMs: 0 };

/** One delivery attempt of an event to the webhook endpoint. */
export interface DeliveryRecord {
  eventId: string;
  type: string;
  status: number | null;
  at: number;
}

type Kind = "product" | "price" | "lookup" | "session" | "payment_intent" | "charge" | "refund" | "dispute" | "event";
type ObjectOf<K extends Kind> = K extends "product"
  ? ProductObject
  : K extends "price"
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

  /** An object by id; a seeded price or product unless one stored under its id (an update) replaces it. */
  async get<K extends Kind>(kind: K, id: string): Promise<ObjectOf<K> | null> {
    const stored = await this.kv.get<ObjectOf<K>>(`${PREFIX}${kind}:${id}`, "json");
    if (stored) return stored;
    const seeded: readonly { id: string }[] = kind === "price" ? SEED_PRICES : kind === "product" ? SEED_PRODUCTS : [];
    return (seeded.find((object) => object.id === id) as ObjectOf<K> | undefined) ?? null;
  }

  async put<K extends Kind>(kind: K, id: string, value: ObjectOf<K>): Promise<void> {
    await this.kv.put(`${PREFIX}${kind}:${id}`, JSON.stringify(value), { expirationTtl: TTL_SECONDS });
  }

  /** The price holding a lookup key (active or not): the last one created with it, else a seeded one. */
  async priceByLookupKey(lookupKey: string): Promise<PriceObject | null> {
    const id = (await this.get("lookup", lookupKey)) ?? SEED_PRICES.find((price) => price.lookup_key === lookupKey)?.id;
    return id ? this.get("price", id) : null;
  }

  async settings(): Promise<DeliverySettings> {
    return { ...DEFAULT_SETTINGS, ...(await this.kv.get<Partial<DeliverySettings>>(`${PREFIX}settings`, "json")) };
  }

  async setSettings(settings: DeliverySettings): Promise<void> {
    await this.kv.put(`${PREFIX}settings`, JSON.stringify(settings));
  }

  /**
   * Event ids waiting for a flush (hold mode), oldest first. One key per event (time, then its
   * place in its batch), so two payments held at once never overwrite each other's list.
   */
  async held(): Promise<string[]> {
    const { keys } = await this.kv.list({ prefix: `${PREFIX}held:` });
    return keys.map((key) => key.name.slice(key.name.lastIndexOf(":") + 1));
  }

  async hold(ids: readonly string[]): Promise<void> {
    const stamp = String(Date.now()).padStart(15, "0");
    await Promise.all(
      ids.map((id, index) =>
        this.kv.put(`${PREFIX}held:${stamp}-${String(index).padStart(3, "0")}:${id}`, "", {
          expirationTtl: TTL_SECONDS,
        }),
      ),
    );
  }

  /** The held event ids, oldest first, no longer held. */
  async takeHeld(): Promise<string[]> {
    const { keys } = await this.kv.list({ prefix: `${PREFIX}held:` });
    await Promise.all(keys.map((key) => this.kv.delete(key.name)));
    return keys.map((key) => key.name.slice(key.name.lastIndexOf(":") + 1));
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
