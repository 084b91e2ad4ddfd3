// The publish-token page (workers/auth/routes/publish-tokens-page.tsx): signs in through /login
// like any web client, keeps the ID token in memory only, and drives /api/publish-tokens.
// Revoking asks first, in a modal dialog; a revoked token leaves the page, including the
// "Copy the token now" box (the token and its npx scenario login line) when it is the token just created.
import { PUBLISH_TOKENS_CONFIG_ID, type PublishTokensPageConfig } from "../../../src/page-configs/publish-tokens";
import { showAccount } from "../kit/account-line";
import { byId, messageOf, pageConfig } from "../kit/page";
import { signIn } from "../kit/signed-in";
import { statusLine } from "../kit/status-line";

/** A token as GET /api/publish-tokens lists it. */
interface TokenSummary {
  id: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

const config = pageConfig<PublishTokensPageConfig>(PUBLISH_TOKENS_CONFIG_ID);
const status = statusLine();
const form = byId("create", HTMLFormElement);
const nameInput = byId("name", HTMLInputElement);
const listSection = byId("token-list");
const list = byId("tokens", HTMLUListElement);
const created = byId("created");
const createdToken = byId("created-token", HTMLInputElement);
const loginCommand = byId("login-command");
const dialog = byId("revoke-dialog", HTMLDialogElement);
const confirmButton = byId("revoke-confirm", HTMLButtonElement);
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
let idToken: string | null = null;
/** The id of the token shown under "Copy the token now", while it is shown. */
let createdId: string | null = null;
/** The token the open dialog asks about, and the button that opened it. */
let asked: { token: TokenSummary; opener: HTMLButtonElement } | null = null;

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

function quoted(token: TokenSummary): string {
  return token.name ? `“${token.name}”` : "the unnamed token";
}

function tokenItem(token: TokenSummary): HTMLLIElement {
  const item = document.createElement("li");
  item.dataset.id = token.id;
  const name = document.createElement("strong");
  name.className = "token-name";
  name.textContent = token.name || "(no name)";
  const dates = document.createElement("span");
  dates.className = "token-dates";
  const lastUsed = token.lastUsedAt ? dateFormat.format(new Date(token.lastUsedAt)) : "never";
  dates.textContent = `Created ${dateFormat.format(new Date(token.createdAt))} · last used ${lastUsed}`;
  const info = document.createElement("div");
  info.append(name, dates);
  const revoke = document.createElement("button");
  revoke.type = "button";
  revoke.className = "secondary";
  revoke.textContent = "Revoke";
  revoke.setAttribute("aria-label", `Revoke ${token.name || "the unnamed token"}`);
  revoke.addEventListener("click", () => ask(token, revoke));
  item.append(info, revoke);
  return item;
}

async function refresh(): Promise<void> {
  const { tokens } = await api<{ tokens: TokenSummary[] }>("");
  list.replaceChildren(...tokens.map(tokenItem));
  listSection.hidden = tokens.length === 0;
}

function ask(token: TokenSummary, opener: HTMLButtonElement): void {
  asked = { token, opener };
  byId("revoke-name").textContent = quoted(token);
  confirmButton.disabled = false;
  dialog.showModal();
  // The safe choice has the focus: Enter or Space right away keeps the token.
  byId("revoke-cancel").focus();
}

dialog.addEventListener("close", () => {
  // Cancel, Escape, or a failed revoke: back to the button that asked.
  if (asked?.opener.isConnected) asked.opener.focus();
  asked = null;
});
byId("revoke-cancel").addEventListener("click", () => dialog.close());
confirmButton.addEventListener("click", () => {
  if (!asked) return;
  const { token } = asked;
  const index = [...list.children].findIndex((item) => (item as HTMLElement).dataset.id === token.id);
  confirmButton.disabled = true;
  void run(async () => {
    try {
      await api(`/${encodeURIComponent(token.id)}`, { method: "DELETE" });
    } finally {
      dialog.close();
    }
    if (createdId === token.id) {
      createdId = null;
      createdToken.value = "";
      loginCommand.textContent = "";
      created.hidden = true;
    }
    await refresh();
    status.notice("Token revoked.");
    // The focus goes to the token that took its place, else to the form.
    const next = list.querySelectorAll("button")[Math.min(index, list.children.length - 1)];
    (next ?? nameInput).focus();
  });
});

async function run(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    status.error(messageOf(error));
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void run(async () => {
    const name = nameInput.value.trim();
    const token = await api<TokenSummary & { token: string }>("", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(name ? { name } : {}),
    });
    createdId = token.id;
    createdToken.value = token.token;
    // The same plaintext, in the one place it is shown: the line that saves it on the author's machine.
    showLoginCommand(token.token);
    created.hidden = false;
    form.reset();
    await refresh();
    status.notice("Token created.");
  });
});

/**
 * `npx scenario login --token <token> --platform <url>` in #login-command: one line of text (what
 * Copy line and a selection copy), wrapped on a phone between its words, never inside a flag
 * (a break after "--" would read as two words); the token and the URL break anywhere if they must.
 */
function showLoginCommand(token: string): void {
  const words = ["npx", "scenario", "login", "--token", token, "--platform", config.platformUrl].map((text) => {
    const word = document.createElement("span");
    word.className = text === token || text === config.platformUrl ? "value" : "word";
    word.textContent = text;
    return word;
  });
  loginCommand.replaceChildren(...words.flatMap((word, index) => (index === 0 ? [word] : [" ", word])));
}

/** A Copy button: the text to the clipboard, and a notice saying so. */
function copies(buttonId: string, text: () => string): void {
  byId(buttonId).addEventListener("click", () =>
    run(async () => {
      await navigator.clipboard.writeText(text());
      status.notice("Copied.");
    }),
  );
}
copies("copy", () => createdToken.value);
copies("copy-command", () => loginCommand.textContent ?? "");

void run(async () => {
  idToken = await signIn(config);
  if (!idToken) return;
  showAccount(idToken);
  form.hidden = false;
  await refresh();
  status.clear();
});
