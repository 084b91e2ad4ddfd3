import type {
  AuthLogEvent,
  ConsentForOperator,
  PublishTokenForOperator,
  SessionForOperator,
} from "../../../src/app-ports/operator-accounts";
import type { AccountProfile } from "../../../src/idp/identity-provider";
import { IdpError } from "../../../src/idp/identity-provider";
import type { PaymentIntent } from "../../../src/payments/payment-provider";
import { PaymentProviderError } from "../../../src/payments/payment-provider";
import type { AuditRow } from "./audit-trail";
import type { ConsoleServices } from "./console-env";
import type { NoticeRow } from "./notice-store";
import { type DepositRow, type UserLedger, userLedger } from "./user-ledger";

/** The identity provider's account, none, or no answer (the rest of the page still shows). */
export type AccountLookupResult =
  | { state: "found"; account: AccountProfile }
  | { state: "none" }
  | { state: "unavailable" };

/** One payment as both sides know it: the provider's payment intent and the ledger's deposit. */
export interface PaymentView {
  id: string;
  /** Null when the provider has no such payment, or could not be asked (providerUnavailable). */
  atProvider: PaymentIntent | null;
  providerUnavailable: boolean;
  /** The deposit that credited it, when one did. */
  deposit: DepositRow | null;
}

/** Everything the user's page shows. */
export interface UserView {
  uid: string;
  account: AccountLookupResult;
  ledger: UserLedger | null;
  notices: NoticeRow[];
  sessions: SessionForOperator[];
  publishTokens: PublishTokenForOperator[];
  consents: ConsentForOperator[];
  authLog: AuthLogEvent[];
  audit: AuditRow[];
  payment: PaymentView | null;
}

/** What the user's page shows of the actions taken about them. */
export const USER_AUDIT_SHOWN = 20;

/** Reads everything of one user at once: the sign-in service's through its port, the ledger here. */
export async function userView(
  services: ConsoleServices,
  database: D1Database,
  uid: string,
  paymentId: string | null,
): Promise<UserView> {
  const [account, ledger, sessions, publishTokens, consents, authLog, audit] = await Promise.all([
    accountOf(services, uid),
    userLedger(database, uid, services.now()),
    services.accounts.sessions(uid),
    services.accounts.publishTokens(uid),
    services.accounts.consents(uid),
    services.accounts.authLog(uid),
    services.audit.list({ subjectUid: uid, limit: USER_AUDIT_SHOWN }),
  ]);
  const notices = ledger
    ? await services.notices.forUser(
        ledger.userId,
        ledger.deposits.map((deposit) => deposit.iapPurchaseId),
      )
    : [];
  const payment = paymentId ? await paymentOf(services, paymentId, ledger) : null;
  return { uid, account, ledger, notices, sessions, publishTokens, consents, authLog, audit, payment };
}

async function accountOf(services: ConsoleServices, uid: string): Promise<AccountLookupResult> {
  try {
    const account = await services.idp.account({ uid });
    return account ? { state: "found", account } : { state: "none" };
  } catch (error) {
    if (error instanceof IdpError) return { state: "unavailable" };
    throw error;
  }
}

async function paymentOf(services: ConsoleServices, id: string, ledger: UserLedger | null): Promise<PaymentView> {
  const deposit = ledger?.deposits.find((row) => row.iapPurchaseId === id) ?? null;
  try {
    const atProvider = await services.payments().retrievePaymentIntent(id);
    // A payment of another user is none of this page's.
    const mine = ledger !== null && atProvider.userId === ledger.userId;
    return { id, atProvider: mine ? atProvider : null, providerUnavailable: false, deposit };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const missing = error.refusal?.code === "resource_missing";
    return { id, atProvider: null, providerUnavailable: !missing, deposit };
  }
}
