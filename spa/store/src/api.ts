import type { Currency } from "../../../src/store/currency";
import type { StoreConfig, StoreSession } from "./session";

export interface Product {
  productId: string;
  coins: number;
  bonusRate: number;
  price: { currency: Currency; amount: number };
}

export interface Me {
  user: { id: number };
  balance: number;
  premium: boolean;
  bonusRate: number;
}

export interface SessionStatus {
  sessionId: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  productId: string | null;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`store API answered ${status} ${code}`);
  }
}

/** The app's base URL (the folder above the built script's assets/): /store/ in dev, / elsewhere. */
export const appBase = new URL(/* @vite-ignore */ "../", import.meta.url);

export function appUrl(path: string): string {
  return new URL(path, appBase).href;
}

export async function loadConfig(): Promise<StoreConfig> {
  return (await request("api/config")) as StoreConfig;
}

/** The store's own API (document 2, Rule 4: the page never calls the backend directly). */
export class StoreApi {
  constructor(private readonly session: StoreSession) {}

  async products(currency: Currency | null): Promise<{ currency: Currency; products: Product[] }> {
    return (await request(`api/products${currency ? `?currency=${currency}` : ""}`)) as {
      currency: Currency;
      products: Product[];
    };
  }

  async me(): Promise<Me> {
    return (await this.signed("api/me")) as Me;
  }

  async checkout(userId: number, productId: string, currency: Currency | null, locale: string): Promise<string> {
    const body = JSON.stringify({ userId, productId, locale, ...(currency ? { currency } : {}) });
    const result = (await this.signed("api/checkout", { method: "POST", body })) as { url: string };
    return result.url;
  }

  async sessionStatus(sessionId: string): Promise<SessionStatus> {
    return (await this.signed(`api/session-status?session_id=${encodeURIComponent(sessionId)}`)) as SessionStatus;
  }

  /** With the ID token; a refused or missing token sends the visitor through sign-in again. */
  private async signed(path: string, init: RequestInit = {}): Promise<unknown> {
    const idToken = await this.session.idToken();
    if (!idToken) {
      this.session.signInAgain();
      throw new ApiFailure(401, "unauthenticated");
    }
    try {
      return await request(path, {
        ...init,
        headers: { authorization: `Bearer ${idToken}`, "content-type": "application/json" },
      });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 401) this.session.signInAgain();
      throw error;
    }
  }
}

async function request(path: string, init?: RequestInit): Promise<unknown> {
  const res = await fetch(appUrl(path), init);
  const body = (await res.json().catch(() => null)) as { error?: string } | null;
  if (!res.ok) throw new ApiFailure(res.status, body?.error ?? "unknown");
  return body;
}
