/**
 * A minimal single-page app for browser tests, built on the SPA sign-in helper
 * (browser/sign-in/spa-client.ts) the way the store uses it. Bundled by esbuild in startTargetSite.
 */
import { createSpaAuth } from "../../../browser/sign-in/spa-client";

interface SpaConfig {
  authUrl: string;
  idpApiUrl: string;
  apiKey: string;
}

const config = JSON.parse(document.getElementById("spa-config")?.textContent ?? "{}") as SpaConfig;
const status = document.getElementById("status") as HTMLElement;
const clientId = new URLSearchParams(window.location.search).get("client") ?? "store";

const auth = createSpaAuth({
  authUrl: config.authUrl,
  clientId,
  async signInWithCustomToken(customToken) {
    const url = `${config.idpApiUrl}/v1/accounts:signInWithCustomToken?key=${encodeURIComponent(config.apiKey)}`;
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: customToken, returnSecureToken: true }),
    });
    if (!res.ok) throw new Error(`custom token refused (${res.status})`);
    sessionStorage.setItem("idToken", ((await res.json()) as { idToken: string }).idToken);
  },
  isSignedIn: () => sessionStorage.getItem("idToken") !== null,
  async signOut() {
    sessionStorage.removeItem("idToken");
  },
});

function uidOf(idToken: string): string {
  const payload = idToken.split(".")[1] ?? "";
  return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))).sub;
}

document.getElementById("logout")?.addEventListener("click", () => void auth.logout());
auth.start().then(
  (result) => {
    const idToken = sessionStorage.getItem("idToken");
    if (result === "signed-in" && idToken) status.textContent = `signed in as ${uidOf(idToken)}`;
  },
  (error: unknown) => {
    status.textContent = `error: ${String(error)}`;
  },
);
