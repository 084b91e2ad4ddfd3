import { eq } from "drizzle-orm";
import { iapDeposits, users } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { PaymentProviderError } from "../../../src/payments/payment-provider";
import { ApiError } from "../../../src/worker-kit/errors";
import type { ConsoleServices } from "./console-env";
import { accountAtProvider } from "./operator-access";

/** What a search found: a user (and the payment that led there), or nothing. */
export type SearchResult = { uid: string; payment: string | null } | null;

export const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9_]{1,200}$/;

/**
 * The user a search names: a payment intent id (pi_…) through the ledger, else through the
 * payment provider (its metadata names the user, also when no webhook credited it yet); an email
 * address through the identity provider; a number as the backend's user id; anything else as a
 * uid the provider or the backend knows.
 */
export async function findUser(
  services: ConsoleServices,
  database: D1Database,
  rawQuery: string,
): Promise<SearchResult> {
  const query = rawQuery.trim();
  if (query === "") return null;
  const db = backendDb({ BACKEND_DB: database });
  const uidOfUser = async (id: number) =>
    (await db.select({ uid: users.idpUid }).from(users).where(eq(users.id, id)).get())?.uid ?? null;
  if (PAYMENT_INTENT_ID.test(query)) {
    const deposit = await db
      .select({ userId: iapDeposits.userId })
      .from(iapDeposits)
      .where(eq(iapDeposits.iapPurchaseId, query))
      .get();
    const userId = deposit?.userId ?? (await payerAtProvider(services, query));
    const uid = userId === null ? null : await uidOfUser(userId);
    return uid ? { uid, payment: query } : null;
  }
  if (query.includes("@")) {
    const account = await accountByEmail(services, query);
    return account ? { uid: account, payment: null } : null;
  }
  if (/^\d{1,15}$/.test(query)) {
    const uid = await uidOfUser(Number(query));
    if (uid) return { uid, payment: null };
  }
  if (query.length > 128) return null;
  const known =
    (await db.select({ id: users.id }).from(users).where(eq(users.idpUid, query)).get()) !== undefined ||
    (await accountAtProvider(services.idp, query)) !== null;
  return known ? { uid: query, payment: null } : null;
}

/** The backend user a payment intent's metadata names; null when the provider has no such payment. */
async function payerAtProvider(services: ConsoleServices, paymentIntentId: string): Promise<number | null> {
  try {
    return (await services.payments().retrievePaymentIntent(paymentIntentId)).userId;
  } catch (error) {
    if (error instanceof PaymentProviderError && error.refusal?.code === "resource_missing") return null;
    if (error instanceof PaymentProviderError) throw paymentsUnavailable();
    throw error;
  }
}

async function accountByEmail(services: ConsoleServices, email: string): Promise<string | null> {
  if (email.length > 320) return null;
  try {
    return (await services.idp.account({ email }))?.uid ?? null;
  } catch {
    throw new ApiError(503, "idp_unavailable", "The identity provider could not be reached to look the address up.");
  }
}

export function paymentsUnavailable(): ApiError {
  return new ApiError(503, "payments_unavailable", "The payment provider could not be reached. Please try again.");
}
