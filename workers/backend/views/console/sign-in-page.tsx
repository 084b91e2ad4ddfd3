import { CONSOLE_SIGN_IN_CONFIG_ID, type ConsoleSignInPageConfig } from "../../../../src/page-configs/operator-console";
import { PageShell } from "../../../../src/worker-kit/pages/page-shell";
import { StatusLine } from "../../../../src/worker-kit/pages/status-line";

/**
 * The console's sign-in: the page kit's signed-in page (browser/pages/operator-console/) gets the
 * operator's ID token through /login, as the ordering page does, and posts it in this form; the
 * server answers with the console's cookie, or the 403 page.
 */
export function ConsoleSignInPage(props: {
  assetsUrl: string;
  pageConfig: ConsoleSignInPageConfig;
  sessionUrl: string;
  next: string;
}) {
  return (
    <PageShell
      lang="en"
      title="Sign in · Operator console"
      assetsUrl={props.assetsUrl}
      stylesheet="console.css"
      referrer="same-origin"
      config={{ id: CONSOLE_SIGN_IN_CONFIG_ID, value: props.pageConfig }}
      script={{ file: "console-sign-in.js", module: true }}
    >
      <main id="main">
        <h1>Operator console</h1>
        <StatusLine notice="Signing in…" />
        <form id="sign-in" method="post" action={props.sessionUrl}>
          <input type="hidden" name="id_token" id="id-token" />
          <input type="hidden" name="next" value={props.next} />
        </form>
        <noscript>
          Signing in to the console needs JavaScript (the identity provider's sign-in runs in the page).
        </noscript>
      </main>
    </PageShell>
  );
}
