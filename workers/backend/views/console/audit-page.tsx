import type { AuditFilter, AuditRow } from "../../console/audit-trail";
import type { Operator } from "../../console/console-env";
import { OPERATOR_ACTION_NAMES, OPERATOR_ACTIONS, type OperatorAction } from "../../console/operator-actions";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";
import { Code, ScrollTable, Section, When } from "./parts";

/** The audit trail, newest first, filtered by action, operator, target or user. */
export function AuditPage(props: {
  links: ConsoleLinks;
  operator: Operator;
  filter: AuditFilter;
  entries: AuditRow[];
  olderUrl: string | null;
}) {
  const { links, filter } = props;
  return (
    <ConsoleLayout title="Audit trail" section="audit" links={links} operator={props.operator}>
      <form method="get" action={links.audit} class="filters-form" aria-label="Filter the audit trail">
        <p class="field">
          <label for="filter-action">Action</label>
          <select id="filter-action" name="action">
            <option value="" selected={!filter.action}>
              Any action
            </option>
            {OPERATOR_ACTION_NAMES.map((action) => (
              <option value={action} selected={filter.action === action}>
                {OPERATOR_ACTIONS[action]}
              </option>
            ))}
          </select>
        </p>
        <p class="field">
          <label for="filter-operator">Operator (uid or email contains)</label>
          <input id="filter-operator" name="operator" value={filter.operator ?? ""} maxlength={320} />
        </p>
        <p class="field">
          <label for="filter-target">Target (contains)</label>
          <input id="filter-target" name="target" value={filter.target ?? ""} maxlength={200} />
        </p>
        <p class="field">
          <label for="filter-subject">User id</label>
          <input id="filter-subject" name="subject" value={filter.subjectUid ?? ""} maxlength={128} />
        </p>
        <button type="submit">Filter</button>
      </form>
      <Section id="entries" title="Actions">
        {props.entries.length === 0 ? (
          <p>No action matches.</p>
        ) : (
          <ScrollTable label="Actions">
            <table aria-labelledby="entries">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Operator</th>
                  <th scope="col">Action</th>
                  <th scope="col">Target</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Reason</th>
                </tr>
              </thead>
              <tbody>
                {props.entries.map((entry) => (
                  <tr>
                    <td>
                      <When at={entry.at} />
                    </td>
                    <td>{entry.operatorEmail ?? <Code>{entry.operatorUid}</Code>}</td>
                    <td>{OPERATOR_ACTIONS[entry.action as OperatorAction] ?? entry.action}</td>
                    <td>
                      {entry.targetKind} <Code>{entry.target}</Code>
                      {entry.subjectUid && (
                        <span>
                          {" "}
                          of{" "}
                          <a href={links.user(entry.subjectUid)}>
                            <Code>{entry.subjectUid}</Code>
                          </a>
                        </span>
                      )}
                    </td>
                    <td>
                      {entry.outcome}
                      {entry.detail && typeof entry.detail.error === "string" ? ` (${entry.detail.error})` : ""}
                    </td>
                    <td>{entry.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        {props.olderUrl && (
          <p>
            <a href={props.olderUrl}>Older actions</a>
          </p>
        )}
      </Section>
    </ConsoleLayout>
  );
}
