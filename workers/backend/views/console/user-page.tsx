import type { Operator } from "../../console/console-env";
import type { PaymentView, UserView } from "../../console/user-view";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";
import { Code, Section, When } from "./parts";
import { UserMoney } from "./user-money";
import { UserSignIn } from "./user-sign-in";

/** Form actions of the user's page. */
export interface UserPageActions {
  endSession: string;
  endAllSessions: string;
  revokeToken: string;
}

/**
 * A user's page: the payment that led here (when it did), the account at the identity provider,
 * the coins, and the sign-in side (sessions, publish tokens, consent, auth log, actions taken).
 */
export function UserPage(props: {
  links: ConsoleLinks;
  operator: Operator;
  view: UserView;
  actions: UserPageActions;
  notice: string | null;
}) {
  const { view } = props;
  return (
    <ConsoleLayout
      title={`User ${view.uid}`}
      section="search"
      links={props.links}
      operator={props.operator}
      notice={props.notice}
    >
      <nav class="toc" aria-label="On this page">
        <ul>
          {view.payment && (
            <li>
              <a href="#payment">Payment</a>
            </li>
          )}
          <li>
            <a href="#account">Account</a>
          </li>
          <li>
            <a href="#coins">Coins</a>
          </li>
          <li>
            <a href="#sessions">Sessions</a>
          </li>
          <li>
            <a href="#publish-tokens">Publish tokens</a>
          </li>
          <li>
            <a href="#consents">Consent</a>
          </li>
          <li>
            <a href="#auth-log">Sign-in events</a>
          </li>
          <li>
            <a href="#actions">Actions taken</a>
          </li>
        </ul>
      </nav>
      {view.payment && <Payment payment={view.payment} />}
      <Account view={view} />
      <UserMoney view={view} />
      <UserSignIn view={view} operator={props.operator} actions={props.actions} links={props.links} />
    </ConsoleLayout>
  );
}

function Payment(props: { payment: PaymentView }) {
  const { payment } = props;
  const intent = payment.atProvider;
  const deposit = payment.deposit;
  return (
    <section class="panel payment" aria-labelledby="payment">
      <h2 id="payment">
        Payment <Code>{payment.id}</Code>
      </h2>
      <dl>
        <dt>At the payment provider</dt>
        <dd>
          {intent ? (
            <span>
              {intent.paid ? "Paid" : `Not paid (${intent.status})`}
              {intent.refunded ? ", refunded" : ""}: {formatAmount(intent.amount, intent.currency)} for{" "}
              <Code>{intent.productId ?? "an unknown product"}</Code>, <When at={intent.createdAt} />
            </span>
          ) : payment.providerUnavailable ? (
            "The payment provider could not be reached."
          ) : (
            "The payment provider has no payment of this user with this id."
          )}
        </dd>
        <dt>In the coin ledger</dt>
        <dd>
          {deposit ? (
            <span>
              Credited {deposit.coinCount} coins <When at={deposit.createdAt} />
              {deposit.cancelledAt && (
                <span>
                  ; refunded (cancelled) <When at={deposit.cancelledAt} />
                </span>
              )}
            </span>
          ) : (
            <strong>{notCredited(intent?.paid === true)}</strong>
          )}
        </dd>
      </dl>
    </section>
  );
}

function notCredited(paid: boolean): string {
  return paid
    ? "Not credited: the provider took the payment, but its webhook event has not been processed (held, on its way, or being retried by the provider)."
    : "Not credited.";
}

/** Minor units as the provider counts them: JPY and KRW have none, TWD and HKD two. */
function formatAmount(amount: number, currency: string): string {
  const zeroDecimal = ["jpy", "krw"].includes(currency.toLowerCase());
  const value = zeroDecimal ? amount : amount / 100;
  return `${value.toLocaleString("en", { minimumFractionDigits: zeroDecimal ? 0 : 2 })} ${currency.toUpperCase()}`;
}

function Account(props: { view: UserView }) {
  const { account } = props.view;
  return (
    <Section id="account" title="Account">
      {account.state === "unavailable" && (
        <p role="alert">The identity provider could not be reached; the account is not shown.</p>
      )}
      {account.state === "none" && <p>The identity provider has no account with this uid.</p>}
      {account.state === "found" && (
        <dl class="facts">
          <dt>User id</dt>
          <dd>
            <Code>{account.account.uid}</Code>
          </dd>
          <dt>Email</dt>
          <dd>
            {account.account.email ?? "none"}
            {account.account.email && (account.account.emailVerified ? " (verified)" : " (not verified)")}
          </dd>
          <dt>Phone</dt>
          <dd>{account.account.phoneNumber ?? "none"}</dd>
          <dt>Sign-in methods linked</dt>
          <dd>{account.account.providers.length > 0 ? account.account.providers.join(", ") : "none"}</dd>
          <dt>Created</dt>
          <dd>
            <When at={account.account.createdAt} empty="unknown" />
          </dd>
          <dt>Last sign-in</dt>
          <dd>
            <When at={account.account.lastSignInAt} empty="unknown" />
          </dd>
          <dt>Tokens valid after</dt>
          <dd>
            <When
              at={account.account.validSince === null ? null : account.account.validSince * 1000}
              empty="never set (no password change or sign-out everywhere)"
            />
          </dd>
          <dt>State</dt>
          <dd>
            {account.account.disabled ? "disabled" : "active"}
            {account.account.customClaims.admin === true ? ", operator (admin role)" : ""}
          </dd>
        </dl>
      )}
    </Section>
  );
}
