// The publish-token page (workers/auth/routes/publish-tokens-page.tsx): signs in through /login
// like any web client, keeps the ID token in memory only, and drives /api/publish-tokens.
import { PUBLISH_TOKENS_CONFIG_ID, type PublishTokensPageConfig } from "../../../src/page-configs/publish-tokens";
import { byId, messageOf, pageConfig } from "../kit/page";
import { signIn } from "../kit/signed-in";

/** A token as GET /api/publish-tokens lists it. */
interface TokenSummary {
  id: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

const config = pageConfig<PublishTokensPageConfig>(PUBLISH_TOKENS_CONFIG_ID);
const status = byId("status");
const form = byId("create", HTMLFormElement);
const table = byId("tokens", HTMLTableElement);
const created = byId("created");
const createdToken = byId("created-token", HTMLInputElement);
let idToken: string | null = null;

function say(text: string): void {
  status.textContent = text;
}

async function api<Body>(path: string, init: RequestInit = {}): Promise<Body> {
  const response = await fetch(config.apiUrl + path, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${idToken}` },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message || `The service answered ${response.status}.`);
  }
  return (response.status === 204 ? null : await response.json()) as Body;
}

function cell(text: string): HTMLTableCellElement {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

async function refresh(): Promise<void> {
  const { tokens } = await api<{ tokens: TokenSummary[] }>("");
  const body = table.tBodies[0];
  if (!body) return;
  body.replaceChildren();
  for (const token of tokens) {
    const row = document.createElement("tr");
    row.dataset.id = token.id;
    row.append(cell(token.name || "(no name)"), cell(new Date(token.createdAt).toLocaleString()));
    row.append(cell(token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString() : "never"));
    const revoke = document.createElement("button");
    revoke.type = "button";
    revoke.textContent = "Revoke";
    revoke.addEventListener("click", () =>
      run(async () => {
        await api(`/${encodeURIComponent(token.id)}`, { method: "DELETE" });
        await refresh();
        say("Token revoked.");
      }),
    );
    const actions = document.createElement("td");
    actions.append(revoke);
    row.append(actions);
    body.append(row);
  }
  table.hidden = tokens.length === 0;
}

async function run(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    say(messageOf(error));
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void run(async () => {
    const name = byId("name", HTMLInputElement).value.trim();
    const token = await api<{ token: string }>("", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(name ? { name } : {}),
    });
    createdToken.value = token.token;
    created.hidden = false;
    form.reset();
    await refresh();
    say("Token created.");
  });
});

byId("copy").addEventListener("click", () =>
  run(async () => {
    await navigator.clipboard.writeText(createdToken.value);
    say("Copied.");
  }),
);

void run(async () => {
  idToken = await signIn(config);
  if (!idToken) return;
  form.hidden = false;
  await refresh();
  say("");
});
