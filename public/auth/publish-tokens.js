// The publish-token page (workers/auth/routes/publish-tokens-page.tsx): signs in through /login
// like any web client, keeps the ID token in memory only, and drives /api/publish-tokens.
import { signIn } from "./signed-in-page.js";

const config = JSON.parse(document.getElementById("publish-tokens-config").textContent);
const status = document.getElementById("status");
const form = document.getElementById("create");
const table = document.getElementById("tokens");
const created = document.getElementById("created");
const createdToken = document.getElementById("created-token");
let idToken = null;

function say(text) {
  status.textContent = text;
}

async function api(path, init = {}) {
  const response = await fetch(config.apiUrl + path, {
    ...init,
    headers: { ...(init.headers || {}), authorization: `Bearer ${idToken}` },
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    throw new Error(body.message || `The service answered ${response.status}.`);
  }
  return response.status === 204 ? null : response.json();
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

async function refresh() {
  const { tokens } = await api("");
  const body = table.tBodies[0];
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

async function run(work) {
  try {
    await work();
  } catch (error) {
    say(error.message);
  }
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  run(async () => {
    const name = document.getElementById("name").value.trim();
    const token = await api("", {
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

document.getElementById("copy").addEventListener("click", () =>
  run(async () => {
    await navigator.clipboard.writeText(createdToken.value);
    say("Copied.");
  }),
);

run(async () => {
  idToken = await signIn(config);
  if (!idToken) return;
  form.hidden = false;
  await refresh();
  say("");
});
