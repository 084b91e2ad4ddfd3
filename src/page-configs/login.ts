import type { DocumentKey } from "../auth/clients";
import type { PendingDocument } from "../auth/document-catalog";
import type { Language, LoginStrings } from "../auth/i18n";
import type { LinkStrings } from "../auth/link-strings";

/** The login page (workers/auth): where to sign in, where to post the result, and its texts. */
export interface LoginPageConfig {
  idpApiUrl: string;
  idpApiKey: string;
  callbackUrl: string;
  /** POST here (with loginRequest) for the state, when the person signs in: GET /login stores nothing. */
  loginRequestUrl: string;
  loginRequest: Record<string, string | undefined>;
  /** POST here ({state}) when the page sends an SMS code: the start of an attempt the service counts. */
  smsAttemptUrl: string;
  requiredDocumentKeys: readonly DocumentKey[];
  /** Re-consent (POST /api/consent), the documents' links and names for its prompt. */
  consentUrl: string;
  legalUrl: string;
  documentNames: LoginStrings["documents"];
  reconsent: LoginStrings["reconsent"];
  /** The page's language: its legal links ask for the documents in it. */
  language: Language;
  /**
   * A browser signed in already (SSO) whose user has documents to accept for this client: the page
   * asks at once and posts the answer to `url` (POST /api/session/consent). null otherwise.
   */
  sessionReconsent: { url: string; documents: PendingDocument[] } | null;
  /** POST /api/log for the funnel events (browser/auth-log); null sends nothing. */
  logUrl: string | null;
  clientId: string;
  errors: LoginStrings["errors"];
  working: string;
  /**
   * Social sign-in's continueUri: the one return address of this environment
   * ({AUTH_URL}/login/callback, src/auth/social-callback.ts), never this page's own URL.
   */
  socialCallbackUrl: string;
  /** Linking another sign-in method: where the page asks for and redeems its link grant. */
  link: { grantUrl: string; redeemUrl: string; strings: LinkStrings };
  /** The invisible reCAPTCHA the provider asks for before it sends an SMS code (src/auth/recaptcha.ts). */
  recaptcha: { siteKey: string; scriptUrl: string };
  /** Dev only: the dev IdP's seeded accounts, signed in with one click on any client; null elsewhere. */
  devAccounts: { password: string; emails: string[] } | null;
}

/** The element that holds the config. */
export const LOGIN_CONFIG_ID = "login-config";

/** The social providers' return page ({AUTH_URL}/login/callback): the login page it hands the answer to. */
export interface SocialReturnPageConfig {
  /** {AUTH_URL}/login: the only page the return page sends the browser to. */
  loginUrl: string;
}

export const SOCIAL_RETURN_CONFIG_ID = "social-return-config";
