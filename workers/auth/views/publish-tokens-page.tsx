/** What public/auth/publish-tokens.js needs: where to sign in, the API, where to log in. */
export interface PublishTokensBrowserConfig {
  idpApiUrl: string;
  idpApiKey: string;
  /** …/api/publish-tokens */
  apiUrl: string;
  /** /login of this service with client_id=studio and this page as redirect_uri. */
  loginUrl: string;
}

/**
 * The publish-token page: create (the plaintext shown once, with a copy button), list, revoke.
 * Server-rendered shell; public/auth/publish-tokens.js signs in and drives the API.
 */
export function PublishTokensPage(props: { assetsUrl: string; browserConfig: PublishTokensBrowserConfig }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>Publish tokens</title>
        <link rel="stylesheet" href={`${props.assetsUrl}/login.css`} />
        <script
          type="application/json"
          id="publish-tokens-config"
          dangerouslySetInnerHTML={{ __html: jsonForScript(props.browserConfig) }}
        />
        <script type="module" src={`${props.assetsUrl}/publish-tokens.js`} />
      </head>
      <body>
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
      </body>
    </html>
  );
}

function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}
