import type { NoticeRow } from "../../console/notice-store";
import type { UserView } from "../../console/user-view";
import { Code, ScrollTable, Section, When } from "./parts";

/**
 * "Where are my coins": document 2's balance formula in its parts next to the ledger's balance,
 * then every row behind them: deposits (a refund cancels one), the notices about the user's
 * payments (disputes, refunds the balance did not cover), bonus coins and operator funds.
 */
export function UserMoney(props: { view: UserView }) {
  const { ledger, notices } = props.view;
  if (!ledger) {
    return (
      <Section id="coins" title="Coins">
        <p>The backend has no user for this uid yet (it makes one on the user's first visit to the store or an app).</p>
      </Section>
    );
  }
  const { parts } = ledger;
  return (
    <Section id="coins" title="Coins">
      <p>
        Backend user <Code>{ledger.userId}</Code>, since <When at={ledger.createdAt} />.
      </p>
      <table class="formula">
        <caption>Balance = deposits + limited coins + operator funds − orders</caption>
        <tbody>
          <tr>
            <th scope="row">Deposits not refunded</th>
            <td>{parts.deposits}</td>
          </tr>
          <tr>
            <th scope="row">+ Limited coins not expired or cancelled</th>
            <td>{parts.limitedCoins}</td>
          </tr>
          <tr>
            <th scope="row">+ Operator funds</th>
            <td>{parts.adminFunds}</td>
          </tr>
          <tr>
            <th scope="row">− Orders ({ledger.orderCount})</th>
            <td>{parts.orders}</td>
          </tr>
          <tr class="total">
            <th scope="row">= Balance</th>
            <td>{parts.balance}</td>
          </tr>
        </tbody>
      </table>
      <h3 id="deposits">Deposits and refunds</h3>
      {ledger.deposits.length === 0 ? (
        <p>No deposit.</p>
      ) : (
        <ScrollTable label="Deposits and refunds">
          <table aria-labelledby="deposits">
            <thead>
              <tr>
                <th scope="col">Purchase</th>
                <th scope="col">Paid through</th>
                <th scope="col">Product</th>
                <th scope="col">Coins</th>
                <th scope="col">Credited</th>
                <th scope="col">Refunded</th>
              </tr>
            </thead>
            <tbody>
              {ledger.deposits.map((deposit) => (
                <tr>
                  <td>
                    <Code>{deposit.iapPurchaseId}</Code>
                  </td>
                  <td>{deposit.paymentProvider ?? "unknown"}</td>
                  <td>{deposit.productId}</td>
                  <td>{deposit.coinCount}</td>
                  <td>
                    <When at={deposit.createdAt} />
                  </td>
                  <td>
                    <When at={deposit.cancelledAt} empty="no" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      <h3 id="disputes">Disputes and refund notices</h3>
      <PaymentNotices notices={notices} />
      <h3 id="bonuses">Bonus coins</h3>
      {ledger.bonuses.length === 0 ? (
        <p>No bonus.</p>
      ) : (
        <ScrollTable label="Bonus coins">
          <table aria-labelledby="bonuses">
            <thead>
              <tr>
                <th scope="col">Coins</th>
                <th scope="col">Why</th>
                <th scope="col">With purchase</th>
                <th scope="col">Given</th>
                <th scope="col">Expires</th>
                <th scope="col">Cancelled</th>
              </tr>
            </thead>
            <tbody>
              {ledger.bonuses.map((bonus) => (
                <tr>
                  <td>{bonus.coinCount}</td>
                  <td>{bonus.reason}</td>
                  <td>{bonus.sourcePurchaseId ? <Code>{bonus.sourcePurchaseId}</Code> : "none"}</td>
                  <td>
                    <When at={bonus.createdAt} />
                  </td>
                  <td>
                    <When at={bonus.expiresAt} />
                  </td>
                  <td>
                    <When at={bonus.cancelledAt} empty="no" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
      {ledger.adminFunds.length > 0 && (
        <>
          <h3 id="funds">Operator funds</h3>
          <ScrollTable label="Operator funds">
            <table aria-labelledby="funds">
              <thead>
                <tr>
                  <th scope="col">Coins</th>
                  <th scope="col">Why</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {ledger.adminFunds.map((fund) => (
                  <tr>
                    <td>{fund.coinCount}</td>
                    <td>{fund.reason}</td>
                    <td>
                      <When at={fund.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </>
      )}
    </Section>
  );
}

function PaymentNotices(props: { notices: NoticeRow[] }) {
  if (props.notices.length === 0) return <p>None.</p>;
  return (
    <ul class="notices">
      {props.notices.map((notice) => (
        <li>
          <strong>{notice.kind.replaceAll("_", " ")}</strong> <When at={notice.createdAt} />
          {notice.paymentIntentId && (
            <span>
              {" "}
              · <Code>{notice.paymentIntentId}</Code>
            </span>
          )}
          <br />
          {notice.message}{" "}
          {notice.handledAt ? (
            <span>
              Handled <When at={notice.handledAt} />: {notice.handledNote}
            </span>
          ) : (
            <em>Open.</em>
          )}
        </li>
      ))}
    </ul>
  );
}
