import type { SocialProvider } from "../config/auth";
import { UI_LOCALES, type UiLocale } from "../i18n/locales";
import { en } from "./login-strings/en";
import { ja } from "./login-strings/ja";
import { ko } from "./login-strings/ko";
import { zhCN } from "./login-strings/zh-CN";
import { zhTW } from "./login-strings/zh-TW";

/** The sign-in service speaks the store's five languages (document 2). */
export const LANGUAGES = UI_LOCALES;
export type Language = UiLocale;

/** Each language in its own name, as the language menu lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  ja: "日本語",
  en: "English",
  ko: "한국어",
  "zh-CN": "简体中文",
  "zh-TW": "繁體中文",
};

/** The sign-in service chooses a page's language by the platform's one rule (src/i18n/pick-language.ts). */
export { type LanguageHints, languageOfAcceptLanguage, languageOfUiLocales, pickLanguage } from "../i18n/pick-language";

export interface LoginStrings {
  title: string;
  signInTo: (client: string) => string;
  /** The heading of the email + password form. */
  emailHeading: string;
  /** Beside the email form: it signs in existing accounts only (document 1, Authentication 8). */
  emailSignInOnly: string;
  email: string;
  password: string;
  signIn: string;
  signUp: string;
  phone: string;
  phoneNumber: string;
  sendCode: string;
  verificationCode: string;
  verify: string;
  orContinueWith: string;
  continueWith: (provider: string) => string;
  consentIntro: string;
  /** The consent step's button: a sign-up that waits for the boxes is completed only by it. */
  consentConfirm: string;
  documents: Record<"app_terms" | "studio_terms" | "portal_terms" | "privacy", string>;
  /** The accessible name of the language menu. */
  languageMenu: string;
  working: string;
  /** The social providers' return page ({AUTH_URL}/login/callback): on its way back to the login page. */
  socialReturn: {
    finishing: string;
    /** This tab holds no social sign-in to finish (another tab or browser, or the tab's storage was cleared). */
    lost: string;
  };
  /** The blocking prompt for documents revised since the user accepted them (browser/pages/login/reconsent.ts). */
  reconsent: {
    title: string;
    intro: string;
    /** Followed by the date the revision takes effect. */
    effective: string;
    accept: string;
    decline: string;
    declined: string;
  };
  errors: {
    generic: string;
    consentRequired: string;
    /** The email form refused: a wrong password, or an address with no account (none is made here). */
    invalidCredentials: string;
    emailExists: string;
    invalidCode: string;
    /** The code was used (a sign-in that went through) or is too old: a new one is needed. */
    codeUsed: string;
    /** A number without its country code ("090-5555-0301"): the provider wants E.164. */
    phoneFormat: string;
    /** The reCAPTCHA before the SMS did not load, did not pass, or its token was refused. */
    recaptcha: string;
    expired: string;
  };
  /** The legal document pages (GET /legal/{key}/latest). */
  legal: {
    /** "{version}" and "{date}" are replaced. */
    version: string;
    /** When the document has no text in this language: "{requested}" and "{shown}" name the languages. */
    notTranslated: string;
  };
}

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  "google.com": "Google",
  "apple.com": "Apple",
  "twitter.com": "X (Twitter)",
  "facebook.com": "Facebook",
};

/** Every text of the sign-in pages, one file per language in src/auth/login-strings/. */
export const STRINGS: Readonly<Record<Language, LoginStrings>> = { en, ja, ko, "zh-CN": zhCN, "zh-TW": zhTW };
