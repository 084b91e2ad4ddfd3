import { html } from "hono/html";
import { formatBaseUrl, urlFor } from "../src/base-url";
import type { AppName, Config } from "../src/config";

const DESCRIPTIONS: Record<AppName, string> = {
  auth: "Sign-in service: login page (/login), SSO, PKCE, transfer hand-over, sessions, publish tokens (/publish-tokens), consent, legal documents (/legal/app_terms/latest), log intake",
  store: "Coin store: the store page, products, checkout, balance",
  backend:
    "Main backend slice: payment webhook (/webhook/payprov), GraphQL (/graphql: me, products, balance subscription, reorder mutations), product order page (/admin/product-order), operator console (/admin/: sign in as admin@example.com), code upload (/code), seat tickets",
  rooms:
    "Multiplayer rooms: WebSocket rooms, published games (/play/{revisionId}/: players sign in and quick play seats them in an open room; private rooms from the lobby /lobby/{revisionId}/?private=1), /sdk.js",
  "dev-idp":
    "Local identity provider stand-in (dev only): seeded accounts (every login page offers them: Sign in as admin@example.com), phone code 123456 after its offline reCAPTCHA",
  "dev-payments": "Local payment provider stand-in (dev only): Stripe API subset, hosted checkout, signed events",
};

/** The page at the root URL in local dev: one link per app. */
export function renderDevIndexPage(config: Config) {
  const rows = (Object.keys(config.apps) as AppName[]).map((name) => {
    const base = config.apps[name];
    if (!base) return "";
    return html`<tr>
      <th scope="row">${name}</th>
      <td><a href="${formatBaseUrl(base)}/">${formatBaseUrl(base)}</a></td>
      <td><a href="${urlFor(base, "/health")}">health</a></td>
      <td>${DESCRIPTIONS[name]}</td>
    </tr>`;
  });
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Edge platform (dev)</title>
    <link rel="icon" href="/_platform/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/_platform/style.css" />
    <link rel="stylesheet" href="/_platform/index.css" />
  </head>
  <body>
    <main>
      <h1>Edge platform <small>${config.environment}</small></h1>
      <p>Every app of the platform runs in this one Worker. Each base URL below is set in <code>wrangler.toml</code>.</p>
      <table>
        <thead><tr><th scope="col">app</th><th scope="col">base URL</th><th scope="col">check</th><th scope="col">what it serves</th></tr></thead>
        <tbody>${rows}</tbody>
      </table>
    </main>
  </body>
</html>`;
}
