import { config, loginState, postJson, show } from "./login-page";
import { providerCall } from "./provider";

// Linking another sign-in method (docs/sign-in.md, "Link another sign-in method"): the person
// signs in the way they do today, the page trades that fresh ID token for a 60-second link grant
// bound to this page and browser, leaves for the social provider to add, and on return redeems
// the grant for a custom token of the same account, signs in with it and links the new identity
// (signInWithIdp with idToken). The grant waits in sessionStorage during the trip.
const LINK_KEY = "login.link";

type LinkStep = { step: "identify" } | { step: "choose"; grant: string; state: string };

function linking(): LinkStep | null {
  try {
    return JSON.parse(sessionStorage.getItem(LINK_KEY) ?? "null") as LinkStep | null;
  } catch {
    return null;
  }
}

/** "Link another sign-in method": the next sign-in only identifies the account. */
export function startLinking(): void {
  sessionStorage.setItem(LINK_KEY, JSON.stringify({ step: "identify" }));
  show(config.link.strings.identify);
}

/** In the first step of linking, the sign-in only identifies the account: true when it did. */
export async function linkIdentified(idToken: string, signUp: boolean): Promise<boolean> {
  const link = linking();
  if (link?.step !== "identify") {
    if (link) sessionStorage.removeItem(LINK_KEY);
    return false;
  }
  sessionStorage.removeItem(LINK_KEY);
  if (signUp) {
    show(config.link.strings.newAccount);
    return false;
  }
  const state = await loginState();
  const { grant } = await postJson<{ grant: string }>(config.link.grantUrl, { id_token: idToken, state });
  sessionStorage.setItem(LINK_KEY, JSON.stringify({ step: "choose", grant, state }));
  show(config.link.strings.choose);
  document.querySelector<HTMLElement>("button[data-provider]")?.focus();
  return true;
}

/** Back from the provider to add: an ID token of the account being linked to, or null. */
export async function linkingIdToken(): Promise<string | null> {
  const link = linking();
  if (link?.step !== "choose") return null;
  sessionStorage.removeItem(LINK_KEY);
  const { custom_token: token } = await postJson<{ custom_token: string }>(config.link.redeemUrl, {
    grant: link.grant,
    state: link.state,
  });
  return (await providerCall(config, "signInWithCustomToken", { token, returnSecureToken: true })).idToken ?? null;
}
