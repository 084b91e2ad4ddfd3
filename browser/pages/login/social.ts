import type { EvtName } from "../../auth-log/auth-log";
import { SOCIAL_NAMES } from "./funnel";
import { config, consented, funnel } from "./login-page";
import { type ProviderAnswer, providerCall } from "./provider";
import { socialStart } from "./provider-requests";

// Social providers: the provider's redirect flow (createAuthUri, then signInWithIdp on return).
// The page is left for the provider's site and loaded afresh on return, so the attempt's
// sessionId and the boxes already ticked wait in sessionStorage.
const RETURN_KEY = "login.social.return";

/** Leaves for the provider's sign-in page. */
export async function startSocialSignIn(provider: string, name: EvtName): Promise<void> {
  let result: ProviderAnswer<"createAuthUri">;
  try {
    result = await providerCall(config, "createAuthUri", socialStart(provider, window.location.href));
    funnel.track(name, "redirect_start", "signIn", "success");
  } catch (error) {
    funnel.track(name, "redirect_start", "signIn", "failure", { error });
    throw error;
  } finally {
    funnel.flush();
  }
  sessionStorage.setItem(
    RETURN_KEY,
    JSON.stringify({ sessionId: result.sessionId ?? "", consented: consented(), name }),
  );
  window.location.assign(result.authUri as string);
}

/** Back from a provider's sign-in page: what the page kept for the attempt, or null. */
export function socialReturn(): { sessionId: string; consented: string[]; name: EvtName } | null {
  const saved = sessionStorage.getItem(RETURN_KEY);
  if (saved === null || !/[?&](code|state|oauth_token)=/.test(window.location.search)) return null;
  sessionStorage.removeItem(RETURN_KEY);
  try {
    const { sessionId, consented: keys, name } = JSON.parse(saved);
    return {
      sessionId: String(sessionId ?? ""),
      consented: Array.isArray(keys) ? keys : [],
      name: Object.values(SOCIAL_NAMES).includes(name) ? name : "unknown",
    };
  } catch {
    return null;
  }
}
