import type { LoginPageConfig } from "../../../src/page-configs/login";
import { type AuthEvent, createAuthLog, type EvtAction, type EvtName } from "../../auth-log/auth-log";
import { errorCode } from "./errors";

/** sessionStorage: the id that ties the events of one attempt together, across a social provider's redirect. */
export const SESSION_KEY = "login.log.session";

/** The social providers' names in the funnel events. */
export const SOCIAL_NAMES: Record<string, EvtName> = {
  "google.com": "google",
  "apple.com": "apple",
  "twitter.com": "twitter",
  "facebook.com": "facebook",
};

export interface Funnel {
  track(
    name: EvtName,
    action: EvtAction,
    surface: AuthEvent["surface"],
    outcome: AuthEvent["outcome"],
    extra?: { error?: unknown; uid?: string | null },
  ): void;
  flush(): void;
}

/** The login page's funnel events (document 1, Events), through the client auth-log library. */
export function loginFunnel(config: LoginPageConfig): Funnel {
  const sessionId = sessionStorage.getItem(SESSION_KEY) || crypto.randomUUID();
  sessionStorage.setItem(SESSION_KEY, sessionId);
  const authLog = createAuthLog({
    target: config.logUrl,
    sessionId,
    clientId: config.clientId,
    path: window.location.pathname,
    userAgent: navigator.userAgent,
  });
  return {
    track(name, action, surface, outcome, extra = {}) {
      const failure = extra.error;
      const error = failure
        ? { code: errorCode(failure), name: failure instanceof Error ? failure.name : undefined }
        : undefined;
      authLog.event({ name, action, surface, outcome, error, uid: extra.uid ?? null });
    },
    flush: () => authLog.flush(),
  };
}
