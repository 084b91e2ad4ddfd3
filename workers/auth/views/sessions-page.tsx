import type { Language } from "../../../src/auth/i18n";
import type { SessionsStrings } from "../../../src/auth/sessions-strings";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";
import { StatusLine } from "../../../src/worker-kit/pages/status-line";

/** One session as the page shows it: never its cookie or key, only the public id the API lists. */
export interface ShownSession {
  id: string;
  device: string;
  /** "Last used 3 hours ago", or "In use now" for this browser's. */
  lastUsed: string;
  signedIn: string;
}

export type SessionsPageState =
  | {
      kind: "list";
      current: ShownSession;
      others: readonly ShownSession[];
      /** Where the forms post (POST /sessions, with the page's query). */
      action: string;
      /** Double-submit token: equals the browser's auth_sessions_csrf cookie. */
      csrf: string;
      /** Sign out everywhere: POST /api/logout with all=1, then back to this page. */
      everywhere: { action: string; redirectUri: string };
    }
  | { kind: "signed-out"; signInUrl: string }
  | { kind: "unavailable"; retryUrl: string };

export interface SessionsPageProps {
  language: Language;
  strings: SessionsStrings;
  state: SessionsPageState;
  /** What the last form did, said in the status line. */
  done: string | null;
  /** The app the person came from (the store), when it named an allowed address. */
  back: { href: string; label: string } | null;
  assetsUrl: string;
}

/**
 * Where the person is signed in (GET /sessions): each browser's device and last use, a Sign out
 * for each, one for every other device, and sign out everywhere. Works without script.
 */
export function SessionsPage(props: SessionsPageProps) {
  const t = props.strings;
  const { state } = props;
  return (
    // same-origin, not no-referrer: with no-referrer the browser posts the forms with Origin: null.
    <PageShell
      lang={props.language}
      title={t.title}
      assetsUrl={props.assetsUrl}
      stylesheet={["login.css", "sessions.css"]}
      referrer="same-origin"
    >
      <main class="card sessions">
        {props.back && (
          <p class="back">
            <a href={props.back.href}>{props.back.label}</a>
          </p>
        )}
        <h1>{t.title}</h1>
        {/* Known when the page is made: a line only when there is something to say. */}
        {(props.done !== null || state.kind === "unavailable") && (
          <StatusLine notice={props.done ?? ""} error={state.kind === "unavailable" ? t.unavailable : ""} />
        )}
        {state.kind === "list" && <SessionList t={t} state={state} />}
        {state.kind === "signed-out" && (
          <>
            {props.done === null && <p>{t.signedOut}</p>}
            <p>
              <a class="button" href={state.signInUrl}>
                {t.signIn}
              </a>
            </p>
          </>
        )}
        {state.kind === "unavailable" && (
          <p>
            <a class="button" href={state.retryUrl}>
              {t.tryAgain}
            </a>
          </p>
        )}
      </main>
    </PageShell>
  );
}

function SessionList(props: { t: SessionsStrings; state: Extract<SessionsPageState, { kind: "list" }> }) {
  const { t, state } = props;
  const csrf = <input type="hidden" name="csrf" value={state.csrf} />;
  return (
    <>
      <p>{t.intro}</p>
      <section class="group" aria-labelledby="this-browser">
        <h2 id="this-browser">{t.thisBrowser}</h2>
        <form method="post" action={state.action} class="session" data-session={state.current.id} data-current="true">
          <Device session={state.current} />
          <input type="hidden" name="action" value="end" />
          {csrf}
          <button type="submit" name="id" value={state.current.id} class="secondary">
            {t.signOutThis}
          </button>
        </form>
      </section>
      <section class="group" aria-labelledby="other-devices">
        <h2 id="other-devices">{t.others}</h2>
        {state.others.length === 0 ? (
          <p class="none">{t.noOthers}</p>
        ) : (
          <>
            <form method="post" action={state.action}>
              <input type="hidden" name="action" value="end" />
              {csrf}
              <ul class="sessions-list">
                {state.others.map((session) => (
                  <li class="session" data-session={session.id}>
                    <Device session={session} />
                    <button
                      type="submit"
                      name="id"
                      value={session.id}
                      class="secondary"
                      aria-label={t.signOutOf(session.device, session.lastUsed)}
                    >
                      {t.signOut}
                    </button>
                  </li>
                ))}
              </ul>
            </form>
            <form method="post" action={state.action}>
              <input type="hidden" name="action" value="end-others" />
              {csrf}
              <button type="submit">{t.signOutOthers}</button>
            </form>
          </>
        )}
      </section>
      <section class="group everywhere" aria-labelledby="everywhere">
        <h2 id="everywhere">{t.everywhere}</h2>
        <p>{t.scope}</p>
        <form method="post" action={state.everywhere.action}>
          <input type="hidden" name="all" value="1" />
          <input type="hidden" name="redirect_uri" value={state.everywhere.redirectUri} />
          <button type="submit" class="danger">
            {t.everywhere}
          </button>
        </form>
      </section>
    </>
  );
}

function Device(props: { session: ShownSession }) {
  return (
    <div class="device">
      <strong class="device-name">{props.session.device}</strong>
      <span class="when">{props.session.lastUsed}</span>
      <span class="when">{props.session.signedIn}</span>
    </div>
  );
}
