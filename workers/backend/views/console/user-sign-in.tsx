import type { Operator } from "../../console/console-env";
import { OPERATOR_ACTIONS, type OperatorAction } from "../../console/operator-actions";
import type { UserView } from "../../console/user-view";
import type { ConsoleLinks } from "./console-layout";
import { Code, CsrfField, ReasonField, ScrollTable, Section, When } from "./parts";
import type { UserPageActions } from "./user-page";

/** The sign-in side of a user: sessions and publish tokens (with what an operator may do), consent, auth log, actions taken. */
export function UserSignIn(props: {
  view: UserView;
  operator: Operator;
  actions: UserPageActions;
  links: ConsoleLinks;
}) {
  const { view, operator, actions } = props;
  const activeTokens = view.publishTokens.filter((token) => token.revokedAt === null);
  return (
    <>
      <Section id="sessions" title="Sessions">
        {view.sessions.length === 0 ? (
          <p>No live session.</p>
        ) : (
          <ScrollTable label="Sessions">
            <table aria-labelledby="sessions">
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Handle</th>
                </tr>
              </thead>
              <tbody>
                {view.sessions.map((session) => (
                  <tr>
                    <td>{session.device}</td>
                    <td>
                      <When at={session.createdAt} />
                    </td>
                    <td>
                      <When at={session.lastUsedAt} />
                    </td>
                    <td>
                      <Code>{session.handle}</Code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        {view.sessions.length > 0 && (
          <form method="post" action={actions.endSession} class="action">
            <h3>End one session</h3>
            <CsrfField token={operator.csrf} />
            <p class="field">
              <label for="end-session-handle">Session</label>
              <select id="end-session-handle" name="handle" required>
                {view.sessions.map((session) => (
                  <option value={session.handle}>
                    {session.device}, last used {new Date(session.lastUsedAt).toISOString().slice(0, 16)} (
                    {session.handle})
                  </option>
                ))}
              </select>
            </p>
            <ReasonField id="end-session-reason" />
            <button type="submit">End this session</button>
          </form>
        )}
        <form method="post" action={actions.endAllSessions} class="action">
          <h3>Sign out everywhere</h3>
          <p>
            Ends every session, and at the identity provider every ID token, refresh token and publish token made before
            now: the person signs in again everywhere.
          </p>
          <CsrfField token={operator.csrf} />
          <ReasonField id="end-all-reason" />
          <button type="submit" class="danger">
            Sign out everywhere
          </button>
        </form>
      </Section>
      <Section id="publish-tokens" title="Publish tokens">
        {view.publishTokens.length === 0 ? (
          <p>No publish token.</p>
        ) : (
          <ScrollTable label="Publish tokens">
            <table aria-labelledby="publish-tokens">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Id</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Revoked</th>
                </tr>
              </thead>
              <tbody>
                {view.publishTokens.map((token) => (
                  <tr>
                    <td>{token.name ?? "(no name)"}</td>
                    <td>
                      <Code>{token.id}</Code>
                    </td>
                    <td>
                      <When at={token.createdAt} />
                    </td>
                    <td>
                      <When at={token.lastUsedAt} />
                    </td>
                    <td>
                      <When at={token.revokedAt} empty="active" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
        {activeTokens.length > 0 && (
          <form method="post" action={actions.revokeToken} class="action">
            <h3>Revoke a publish token</h3>
            <CsrfField token={operator.csrf} />
            <p class="field">
              <label for="revoke-token-id">Token</label>
              <select id="revoke-token-id" name="token" required>
                {activeTokens.map((token) => (
                  <option value={token.id}>
                    {token.name ?? "(no name)"} ({token.id})
                  </option>
                ))}
              </select>
            </p>
            <ReasonField id="revoke-token-reason" />
            <button type="submit" class="danger">
              Revoke this token
            </button>
          </form>
        )}
      </Section>
      <Section id="consents" title="Consent records">
        {view.consents.length === 0 ? (
          <p>No consent recorded.</p>
        ) : (
          <ScrollTable label="Consent records">
            <table aria-labelledby="consents">
              <thead>
                <tr>
                  <th scope="col">Document</th>
                  <th scope="col">Version</th>
                  <th scope="col">Accepted</th>
                  <th scope="col">Where</th>
                </tr>
              </thead>
              <tbody>
                {view.consents.map((consent) => (
                  <tr>
                    <td>{consent.documentKey}</td>
                    <td>{consent.version}</td>
                    <td>
                      <When at={consent.consentedAt} />
                    </td>
                    <td>{consent.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Section>
      <Section id="auth-log" title="Recent sign-in events">
        <p>
          As the user's browsers reported them to the sign-in service's log intake (unauthenticated), scrubbed as
          logged.
        </p>
        {view.authLog.length === 0 ? (
          <p>None.</p>
        ) : (
          <ScrollTable label="Recent sign-in events">
            <table aria-labelledby="auth-log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Error</th>
                  <th scope="col">Page</th>
                </tr>
              </thead>
              <tbody>
                {view.authLog.map((entry) => (
                  <tr>
                    <td>
                      <When at={entry.at} />
                    </td>
                    <td>{eventText(entry.event)}</td>
                    <td>{errorText(entry.event)}</td>
                    <td>{pageText(entry.event)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </Section>
      <Section id="actions" title="Actions taken">
        {view.audit.length === 0 ? (
          <p>No operator acted on this user.</p>
        ) : (
          <ul class="notices">
            {view.audit.map((entry) => (
              <li>
                <When at={entry.at} /> · {OPERATOR_ACTIONS[entry.action as OperatorAction] ?? entry.action} (
                {entry.outcome}) by {entry.operatorEmail ?? entry.operatorUid}: {entry.reason}
              </li>
            ))}
          </ul>
        )}
        <p>
          <a href={`${props.links.audit}?subject=${encodeURIComponent(view.uid)}`}>Every action on this user</a>
        </p>
      </Section>
    </>
  );
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function eventText(event: Record<string, unknown>): string {
  const evt = (event.evt ?? {}) as Record<string, unknown>;
  return [evt.name, evt.action, evt.surface, evt.outcome].map(text).filter(Boolean).join(" ");
}

function errorText(event: Record<string, unknown>): string {
  const error = (event.error ?? {}) as Record<string, unknown>;
  const known = text(event.knownIssue);
  return [text(error.code), known ? `known issue ${known}` : ""].filter(Boolean).join(", ") || "none";
}

function pageText(event: Record<string, unknown>): string {
  const page = (event.page ?? {}) as Record<string, unknown>;
  return [text(page.path), text(page.clientId)].filter(Boolean).join(" · ");
}
