import { PUBLISH_TOKENS_CONFIG_ID, type PublishTokensPageConfig } from "../../../src/page-configs/publish-tokens";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";

/**
 * The publish-token page: create (the plaintext shown once, with a copy button), list, revoke.
 * Server-rendered shell; browser/pages/publish-tokens/ signs in and drives the API.
 */
export function PublishTokensPage(props: { assetsUrl: string; pageConfig: PublishTokensPageConfig }) {
  return (
    <PageShell
      lang="en"
      title="Publish tokens"
      assetsUrl={props.assetsUrl}
      stylesheet="login.css"
      config={{ id: PUBLISH_TOKENS_CONFIG_ID, value: props.pageConfig }}
      script={{ file: "publish-tokens.js", module: true }}
    >
      <main class="card">
        <h1>Publish tokens</h1>
        <p>
          A publish token lets a CI job run <code>npx scenario publish</code> as you. Set it as the secret{" "}
          <code>SCENARIO_PUBLISH_TOKEN</code>. It can only publish scenarios; revoke it here when it is no longer
          needed.
        </p>
        <p id="status" role="alert" aria-live="assertive" class="status">
          Signing in…
        </p>
        <form id="create" hidden>
          <label>
            Name (optional) <input id="name" name="name" maxlength={100} autocomplete="off" />
          </label>
          <button type="submit">Create token</button>
        </form>
        <section id="created" hidden>
          <p>Copy the token now: it is shown only once.</p>
          <input id="created-token" readonly aria-label="New publish token" />
          <button type="button" id="copy">
            Copy
          </button>
        </section>
        <table id="tokens" hidden>
          <thead>
            <tr>
              <th>Name</th>
              <th>Created</th>
              <th>Last used</th>
              <th />
            </tr>
          </thead>
          <tbody />
        </table>
        <noscript>This page needs JavaScript.</noscript>
      </main>
    </PageShell>
  );
}
