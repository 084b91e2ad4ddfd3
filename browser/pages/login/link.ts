import { decodeJwt } from "jose";
import { type Attempt, config, funnel, loginState, postJson, show } from "./login-page";
import { providerCall } from "./provider";
import { accountDeletion, customTokenSignIn } from "./provider-requests";

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

/**
 * In the first step of linking, the sign-in only identifies the account: true when the link flow
 * took the sign-in (the page waits; nothing is posted to the callback).
 */
export async function linkIdentified(attempt: Attempt): Promise<boolean> {
  const link = linking();
  if (link?.step !== "identify") {
    if (link) sessionStorage.removeItem(LINK_KEY);
    return false;
  }
  sessionStorage.removeItem(LINK_KEY);
  if (attempt.signUp) {
    await removeTemporaryAccount(attempt);
    show(config.link.strings.newAccount);
    return true;
  }
  const state = await loginState();
  const { grant } = await postJson<{ grant: string }>(config.link.grantUrl, { id_token: attempt.idToken, state });
  sessionStorage.setItem(LINK_KEY, JSON.stringify({ step: "choose", grant, state }));
  show(config.link.strings.choose);
  document.querySelector<HTMLElement>("button[data-provider]")?.focus();
  return true;
}

/**
 * The sign-in meant to name the account to link to made a new one instead (a number or social
 * account nobody had): nothing is linked to it, so it is removed at the provider at once
 * (accounts:delete with its own ID token) rather than left as an orphan. Document 1's `delete`
 * event records it, with the uid, so orphans that slip through (a failed delete) can be found.
 */
async function removeTemporaryAccount(attempt: Attempt): Promise<void> {
  try {
    await providerCall(config, "delete", accountDeletion(attempt.idToken));
    funnel.track(attempt.method, "delete", "link", "success", { uid: attempt.uid });
  } catch (error) {
    funnel.track(attempt.method, "delete", "link", "failure", { error, uid: attempt.uid });
  } finally {
    funnel.flush();
  }
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
  try {
    const answer = await providerCall(config, "signInWithCustomToken", customTokenSignIn(token));
    // The provider's answer to a custom token names no localId: the uid is the ID token's subject.
    const uid = answer.idToken ? decodeJwt(answer.idToken).sub : undefined;
    funnel.track("custom_token", "sign_in", "link", "success", { uid });
    return answer.idToken ?? null;
  } catch (error) {
    funnel.track("custom_token", "sign_in", "link", "failure", { error });
    funnel.flush();
    throw error;
  }
}
