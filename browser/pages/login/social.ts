import type { EvtName } from "../../auth-log/auth-log";
import { config, consented, funnel } from "./login-page";
import { type ProviderAnswer, providerCall } from "./provider";
import { socialStart } from "./provider-requests";
import { forgetSocialAttempt, type SocialAttempt, saveSocialAttempt, socialAttempt } from "./social-return";

// Social providers: the provider's redirect flow (createAuthUri, then signInWithIdp on return).
// The provider sends the browser back to the environment's one registered address
// ({AUTH_URL}/login/callback), whatever login page started the sign-in; that page's context
// waits in sessionStorage (./social-return.ts), and the return page sends the tab back to it.

/** Leaves for the provider's sign-in page. */
export async function startSocialSignIn(provider: string, name: EvtName): Promise<void> {
  let result: ProviderAnswer<"createAuthUri">;
  try {
    result = await providerCall(config, "createAuthUri", socialStart(provider, config.socialCallbackUrl));
    funnel.track(name, "redirect_start", "signIn", "success");
  } catch (error) {
    funnel.track(name, "redirect_start", "signIn", "failure", { error });
    throw error;
  } finally {
    funnel.flush();
  }
  saveSocialAttempt({
    sessionId: result.sessionId ?? "",
    consented: consented(),
    name,
    loginPage: window.location.href,
  });
  window.location.assign(result.authUri as string);
}

/**
 * Back from a provider's sign-in page through the return page: the attempt with the address the
 * provider answered at, once (a reload must not post the provider's one-time answer again), or null.
 */
export function socialReturn(): (SocialAttempt & { requestUri: string }) | null {
  const attempt = socialAttempt();
  if (!attempt?.requestUri) return null;
  forgetSocialAttempt();
  return { ...attempt, requestUri: attempt.requestUri };
}
