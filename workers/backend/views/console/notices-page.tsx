import type { SmsRateView } from "../../../../src/app-ports/sms-rate";
import type { Operator } from "../../console/console-env";
import type { NoticeRow, NoticeState } from "../../console/notice-store";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";
import { Code, CsrfField, ReasonField, ScrollTable, Section, When } from "./parts";

const STATES: { state: NoticeState; label: string }[] = [
  { state: "open", label: "Open" },
  { state: "handled", label: "Handled" },
  { state: "all", label: "All" },
];

/**
 * The notices the payment webhook sends operations (a refund the balance did not cover, a partial
 * refund, a dispute), each open until an operator marks it handled with a note; and the SMS
 * sign-in success rate behind document 1's alert line, now and at its last crossings.
 */
export function NoticesPage(props: {
  links: ConsoleLinks;
  operator: Operator;
  state: NoticeState;
  notices: NoticeRow[];
  handleAction: (id: number) => string;
  sms: SmsRateView | null;
  notice: string | null;
}) {
  const { links, operator } = props;
  return (
    <ConsoleLayout title="Notices" section="notices" links={links} operator={operator} notice={props.notice}>
      <Section id="payment-notices" title="Payment notices">
        <nav aria-label="Which notices">
          <ul class="filters">
            {STATES.map((item) => (
              <li>
                <a
                  href={`${links.notices}?state=${item.state}`}
                  aria-current={item.state === props.state ? "page" : undefined}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {props.notices.length === 0 ? (
          <p>No {props.state === "all" ? "" : `${props.state} `}notice.</p>
        ) : (
          <ol class="cases">
            {props.notices.map((notice) => (
              <li>
                <article aria-labelledby={`notice-${notice.id}`}>
                  <h3 id={`notice-${notice.id}`}>
                    {notice.kind.replaceAll("_", " ")} · <When at={notice.createdAt} />
                  </h3>
                  <p>{notice.message}</p>
                  <p class="refs">
                    {Object.entries(notice.refs).map(([name, value]) => (
                      <span>
                        {name} <Code>{String(value)}</Code>{" "}
                      </span>
                    ))}
                    {notice.userId !== null && <a href={`${links.home}?q=${notice.userId}`}>The user's page</a>}
                  </p>
                  {notice.handledAt ? (
                    <p>
                      <strong>Handled</strong> <When at={notice.handledAt} /> by <Code>{notice.handledBy}</Code>:{" "}
                      {notice.handledNote}
                    </p>
                  ) : (
                    <form method="post" action={props.handleAction(notice.id)} class="action">
                      <CsrfField token={operator.csrf} />
                      <ReasonField
                        id={`note-${notice.id}`}
                        name="note"
                        label="What was done (required, on the notice and the audit trail)"
                      />
                      <button type="submit">Mark handled</button>
                    </form>
                  )}
                </article>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <SmsRate sms={props.sms} />
    </ConsoleLayout>
  );
}

function percent(rate: number | null): string {
  return rate === null ? "no attempt" : `${Math.round(rate * 1000) / 10}%`;
}

function SmsRate(props: { sms: SmsRateView | null }) {
  const { sms } = props;
  return (
    <Section id="sms-rate" title="SMS sign-in success rate">
      {!sms ? (
        <p role="alert">The rate could not be read now.</p>
      ) : (
        <>
          <p>
            Last 15 minutes: <strong>{percent(sms.rate)}</strong> ({sms.success} of {sms.samples} attempts succeeded,{" "}
            {sms.open} waiting). Alert line 75%, cleared at 80%; fewer than 20 attempts decide nothing.{" "}
            {sms.alerting ? <strong>The alert is raised.</strong> : "No alert is raised."}
          </p>
          {sms.minutes.length > 0 && (
            <ScrollTable label="The last 15 minutes">
              <table>
                <caption>Minute by minute</caption>
                <thead>
                  <tr>
                    <th scope="col">Minute</th>
                    <th scope="col">Succeeded</th>
                    <th scope="col">Failed</th>
                  </tr>
                </thead>
                <tbody>
                  {sms.minutes.map((minute) => (
                    <tr>
                      <td>
                        <When at={minute.start} />
                      </td>
                      <td>{minute.success}</td>
                      <td>{minute.failure}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          )}
          <h3 id="sms-history">Alerts</h3>
          {sms.history.length === 0 ? (
            <p>The rate has not crossed the line.</p>
          ) : (
            <ul class="notices" aria-labelledby="sms-history">
              {sms.history.map((entry) => (
                <li>
                  <When at={entry.at} /> · {entry.kind === "fell_below" ? "fell below the alert line" : "recovered"} at{" "}
                  {percent(entry.window.rate)} ({entry.window.success} of {entry.window.samples})
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Section>
  );
}
