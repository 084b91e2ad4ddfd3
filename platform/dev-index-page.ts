import { html } from "hono/html";
import { formatBaseUrl, urlFor } from "../src/base-url";
import type { AppName, Config } from "../src/config";
import { revisions } from "./app-ports";

/** How many published revisions the page links, newest first. */
const LISTED_REVISIONS = 10;

const DESCRIPTIONS: Record<AppName, string> = {
  auth: "Sign-in service: login page, SSO, PKCE, transfer hand-over, sessions, publish tokens, consent, legal documents, log intake",
  store: "Coin store: the store page, products, checkout, balance",
  backend:
    "Main backend slice: payment webhook, GraphQL (me, products, balance subscription, reorder mutations), product order page, operator console, code upload, seat tickets",
  rooms: "Multiplayer rooms: WebSocket rooms, published games (play links, private rooms), the game client SDK",
  "dev-idp": "Identity provider stand-in (dev only): seeded accounts, phone code 123456 after its offline reCAPTCHA",
  "dev-payments": "Payment provider stand-in (dev only): Stripe API subset, hosted checkout, signed events",
};

/**
 * The page at the root URL in local dev: the pages a person uses (store, sign-in, publish tokens,
 * product order, the play links of what was published here), then every app's base page.
 */
export async function renderDevIndexPage(config: Config, env: Env) {
  const { auth, store, backend, rooms } = config.apps;
  const login = new URL(urlFor(auth, "/login"));
  login.searchParams.set("client_id", "store");
  login.searchParams.set("redirect_uri", urlFor(store, "/"));
  const published = await revisions(env).recent(LISTED_REVISIONS);
  const plays = published.map(
    (revision) => html`<li>
      <a href="${urlFor(rooms, `/play/${revision.id}/`)}">${revision.name ?? revision.scenarioId}</a>
      <span>Play link of revision <code>${revision.id}</code>: everyone who opens it is seated in an open room.</span>
    </li>`,
  );
  const apps = (Object.keys(config.apps) as AppName[]).map((name) => {
    const base = config.apps[name];
    if (!base) return "";
    return html`<li>
      <span class="app-links"><a href="${formatBaseUrl(base)}/">${formatBaseUrl(base)}</a> <a href="${urlFor(base, "/health")}" aria-label="${name} health">health</a></span>
      <span><strong>${name}</strong>: ${DESCRIPTIONS[name]}</span>
    </li>`;
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
      <p>Every app of the platform runs in this one Worker, on this machine. Every login page offers the dev accounts (Sign in as admin@example.com).</p>
      <section aria-labelledby="pages">
        <h2 id="pages">Pages</h2>
        <ul>
          <li><a href="${urlFor(store, "/")}">Coin store</a> <span>Buy coins: sign in, then pay at the payment stand-in.</span></li>
          <li><a href="${login.href}">Sign in</a> <span>The login page, as the coin store opens it.</span></li>
          <li><a href="${urlFor(auth, "/sessions")}">Signed-in devices</a> <span>Where your account is signed in: sign out a device, all others, or everywhere.</span></li>
          <li><a href="${urlFor(auth, "/publish-tokens")}">Publish tokens</a> <span>Create the token <code>npx scenario publish</code> uses; the page shows the <code>npx scenario login</code> line for this platform.</span></li>
          <li><a href="${urlFor(backend, "/admin/product-order")}">Product order</a> <span>The order of the store's products: sign in as admin@example.com.</span></li>
        </ul>
      </section>
      <section aria-labelledby="play">
        <h2 id="play">Play a published scenario</h2>
        ${
          plays.length > 0
            ? html`<ul>${plays}</ul>`
            : html`<p>Nothing is published here yet. Create a token on the publish-token page, then run the line it shows and publish an example:</p>
        <pre><code>npx scenario login --token sgpt_… --platform ${auth.origin}
npx scenario publish examples/tic-tac-toe</code></pre>
        <p>Its play link appears here. To try a scenario without publishing it: <code>npx scenario dev examples/tic-tac-toe</code>.</p>`
        }
      </section>
      <section aria-labelledby="apps">
        <h2 id="apps">Apps</h2>
        <p>Each base URL is set in <code>wrangler.toml</code>; its page lists the app's pages.</p>
        <ul>${apps}</ul>
      </section>
    </main>
  </body>
</html>`;
}
