import type { SocialProvider } from "../config/auth";

export const LANGUAGES = ["ja", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The page's language: an explicit choice (?lang=) wins, else the first supported language of
 * Accept-Language by q-value, else English.
 */
export function pickLanguage(acceptLanguage: string | null | undefined, choice?: string | null): Language {
  if (isLanguage(choice)) return choice;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { base: tag.toLowerCase().split("-")[0] ?? "", q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.base).find(isLanguage) ?? "en";
}

function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? "");
}

export interface LoginStrings {
  title: string;
  signInTo: (client: string) => string;
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
  documents: Record<"app_terms" | "studio_terms" | "portal_terms" | "privacy", string>;
  languageSwitch: string;
  working: string;
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
}

export const PROVIDER_NAMES: Record<SocialProvider, string> = {
  "google.com": "Google",
  "apple.com": "Apple",
  "twitter.com": "X (Twitter)",
  "facebook.com": "Facebook",
};

export const STRINGS: Record<Language, LoginStrings> = {
  en: {
    title: "Sign in",
    signInTo: (client) => `Sign in to ${client}`,
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    signUp: "Create account",
    phone: "Sign in with your phone",
    phoneNumber: "Phone number",
    sendCode: "Send code",
    verificationCode: "Verification code",
    verify: "Verify",
    orContinueWith: "Or continue with",
    continueWith: (provider) => `Continue with ${provider}`,
    consentIntro: "To create an account, please agree to:",
    documents: {
      app_terms: "Terms of Service",
      studio_terms: "Studio Terms of Service",
      portal_terms: "Booking Portal Terms of Service",
      privacy: "Privacy Policy",
    },
    languageSwitch: "日本語",
    working: "Signing in…",
    reconsent: {
      title: "Updated documents",
      intro: "These documents have changed. Please read and accept them to continue.",
      effective: "Effective",
      accept: "Accept and continue",
      decline: "Decline",
      declined:
        "You declined the updated documents, so you were not signed in. Sign in again whenever you are ready to accept them.",
    },
    errors: {
      generic: "Sign-in failed. Please try again.",
      consentRequired: "Please agree to every document to create an account.",
      invalidCredentials: "The email or password is wrong.",
      emailExists: "An account with this email already exists. Sign in instead.",
      invalidCode: "The code is wrong.",
      codeUsed: "This code was already used or has expired. Send a new code.",
      phoneFormat: "Enter the number with its country code, starting with + (for example +81 90 1234 5678).",
      recaptcha: "The security check before sending the code did not pass. Please try again.",
      expired: "This page has expired. Please reload it.",
    },
  },
  ja: {
    title: "ログイン",
    signInTo: (client) => `${client} にログイン`,
    email: "メールアドレス",
    password: "パスワード",
    signIn: "ログイン",
    signUp: "アカウントを作成",
    phone: "電話番号でログイン",
    phoneNumber: "電話番号",
    sendCode: "コードを送信",
    verificationCode: "確認コード",
    verify: "確認",
    orContinueWith: "または次の方法で続行",
    continueWith: (provider) => `${provider} で続行`,
    consentIntro: "アカウントを作成するには、以下に同意してください:",
    documents: {
      app_terms: "利用規約",
      studio_terms: "スタジオ利用規約",
      portal_terms: "予約ポータル利用規約",
      privacy: "プライバシーポリシー",
    },
    languageSwitch: "English",
    working: "ログインしています…",
    reconsent: {
      title: "文書が更新されました",
      intro: "以下の文書が変更されました。続行するには内容をご確認のうえ同意してください。",
      effective: "適用日",
      accept: "同意して続行",
      decline: "同意しない",
      declined:
        "更新された文書に同意されなかったため、ログインしていません。同意いただける場合は、もう一度ログインしてください。",
    },
    errors: {
      generic: "ログインに失敗しました。もう一度お試しください。",
      consentRequired: "アカウントを作成するには、すべての文書に同意してください。",
      invalidCredentials: "メールアドレスまたはパスワードが正しくありません。",
      emailExists: "このメールアドレスのアカウントは既にあります。ログインしてください。",
      invalidCode: "コードが正しくありません。",
      codeUsed: "このコードは使用済みか、有効期限が切れています。新しいコードを送信してください。",
      phoneFormat: "国番号を付けて + から入力してください（例: +81 90 1234 5678）。",
      recaptcha: "コード送信前のセキュリティチェックを通過できませんでした。もう一度お試しください。",
      expired: "このページの有効期限が切れました。再読み込みしてください。",
    },
  },
};
