import type { StoreCheckout, StoreClientConfig, StoreMe, StoreProducts, StoreSessionStatus } from "../../src/store/api";
import type { Currency } from "../../src/store/currency";
import { ApiFailure } from "./api-failure";
import type { StoreSession } from "./session";

export type { StoreMe as Me, StoreProduct as Product, StoreSessionStatus as SessionStatus } from "../../src/store/api";

/** The app's base URL (the folder above the built script's assets/): /store/ in dev, / elsewhere. */
export const appBase = new URL(/* @vite-ignore */ "../", import.meta.url);

export function appUrl(path: string): string {
  return new URL(path, appBase).href;
}

export async function loadConfig(): Promise<StoreClientConfig> {
  return (await request("api/config")) as StoreClientConfig;
}

/** The store's own API (document 2, Rule 4: the page never calls the backend directly). */
export class StoreApi {
  constructor(private readonly session: StoreSession) {}

  async products(currency: Currency | null): Promise<StoreProducts> {
    return (await request(`api/products${currency ? `?currency=${currency}` : ""}`)) as StoreProducts;
  }

  async me(): Promise<StoreMe> {
    return (await this.signed("api/me")) as StoreMe;
  }

  async checkout(userId: number, productId: string, currency: Currency | null, locale: string): Promise<string> {
    const body = JSON.stringify({ userId, productId, locale, ...(currency ? { currency } : {}) });
    const result = (await this.signed("api/checkout", { method: "POST", body })) as StoreCheckout;
    return result.url;
  }

  async sessionStatus(sessionId: string): Promise<StoreSessionStatus> {
    return (await this.signed(`api/session-status?session_id=${encodeURIComponent(sessionId)}`)) as StoreSessionStatus;
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
