import { PUBLISH_TOKENS_CONFIG_ID, type PublishTokensPageConfig } from "../../../src/page-configs/publish-tokens";
import { AccountLine } from "../../../src/worker-kit/pages/account-line";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";
import { StatusLine } from "../../../src/worker-kit/pages/status-line";

/**
 * The publish-token page: create (the plaintext shown once, with a copy button, and beside it the
 * `npx scenario login` line for the author's machine and the settings of a CI job), list, revoke
 * (after a confirmation dialog). Server-rendered shell; browser/pages/publish-tokens/ signs in
 * and drives the API. The plaintext is only ever written by the script, into #created.
 */
export function PublishTokensPage(props: {
  assetsUrl: string;
  pageConfig: PublishTokensPageConfig;
  /** SCENARIO_AUTH_URL and SCENARIO_API_URL of a CI job publishing to this platform. */
  ci: { authUrl: string; apiUrl: string };
}) {
  return (
    <PageShell
      lang="en"
      title="Publish tokens"
      assetsUrl={props.assetsUrl}
      stylesheet={["login.css", "publish-tokens.css"]}
      config={{ id: PUBLISH_TOKENS_CONFIG_ID, value: props.pageConfig }}
      script={{ file: "publish-tokens.js", module: true }}
    >
      <main class="card">
        <h1>Publish tokens</h1>
        <AccountLine logoutUrl={props.pageConfig.logoutUrl} />
        <p>
          A publish token lets <code>npx scenario publish</code> upload scenarios as you, from your machine or a CI job.
          It can only publish scenarios; revoke it here when it is no longer needed.
        </p>
        <StatusLine notice="Signing in…" />
        <form id="create" hidden>
          <label for="name">Name (optional)</label>
          <div class="row">
            <input id="name" name="name" maxlength={100} autocomplete="off" />
            <button type="submit">Create token</button>
          </div>
        </form>
        <section id="created" aria-labelledby="created-heading" hidden>
          <p id="created-heading">Copy the token now: it is shown only once.</p>
          <div class="row">
            <input id="created-token" readonly aria-label="New publish token" />
            <button type="button" id="copy">
              Copy
            </button>
          </div>
          <p>On your machine, run this line once; npx scenario publish then uses the token:</p>
          <div class="row">
            <code id="login-command" class="command" />
            <button type="button" id="copy-command">
              Copy line
            </button>
          </div>
          <p class="ci">
            In CI, set the token as the secret <code>SCENARIO_PUBLISH_TOKEN</code>, with{" "}
            <code>SCENARIO_AUTH_URL={props.ci.authUrl}</code> and <code>SCENARIO_API_URL={props.ci.apiUrl}</code>.
          </p>
        </section>
        <section id="token-list" aria-labelledby="token-list-heading" hidden>
          <h2 id="token-list-heading">Your tokens</h2>
          <ul id="tokens" />
        </section>
        <dialog id="revoke-dialog" aria-labelledby="revoke-title" aria-describedby="revoke-text">
          <h2 id="revoke-title">
            Revoke <span id="revoke-name" />?
          </h2>
          <p id="revoke-text">
            It stops working at once: a CI job or <code>scenario login</code> that uses it can no longer publish. This
            cannot be undone.
          </p>
          <div class="actions">
            <button type="button" id="revoke-confirm" class="danger">
              Revoke token
            </button>
            <button type="button" id="revoke-cancel" class="secondary">
              Cancel
            </button>
          </div>
        </dialog>
        <noscript>This page needs JavaScript.</noscript>
      </main>
    </PageShell>
  );
}
