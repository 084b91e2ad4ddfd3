import type { Language } from "./i18n";

/**
 * Texts of the dev stand-ins a login page shows in dev only: its Dev accounts box
 * (workers/auth/views/login-page.tsx) and the dev reCAPTCHA's badge (browser/dev-idp/recaptcha.ts,
 * which reads the page's language from api.js's `hl`, as Google's widget does). Stg and prd show
 * neither: there Google's widget speaks `hl` itself.
 */
export interface DevLoginStrings {
  devAccounts: {
    heading: string;
    intro: string;
    signInAs: (email: string) => string;
    /** Beside an account whose ID token carries no custom claim (the others list theirs: "admin"). */
    noClaims: string;
  };
  recaptcha: {
    /** The invisible widget's inline badge. */
    badge: string;
    /** The title of the widget's frame (its accessible name). */
    frameTitle: string;
  };
}

export const DEV_LOGIN_STRINGS: Readonly<Record<Language, DevLoginStrings>> = {
  en: {
    devAccounts: {
      heading: "Dev accounts",
      intro: "Local development only: sign in as a seeded account of the dev identity provider.",
      signInAs: (email) => `Sign in as ${email}`,
      noClaims: "no claims",
    },
    recaptcha: {
      badge: "Protected by reCAPTCHA (dev stand-in: checked on this machine)",
      frameTitle: "reCAPTCHA (dev stand-in)",
    },
  },
  ja: {
    devAccounts: {
      heading: "開発用アカウント",
      intro: "ローカル開発専用です。開発用 ID プロバイダーに用意されたアカウントでログインします。",
      signInAs: (email) => `${email} でログイン`,
      noClaims: "カスタムクレームなし",
    },
    recaptcha: {
      badge: "reCAPTCHA で保護されています（開発用の代替：このマシン上で確認します）",
      frameTitle: "reCAPTCHA（開発用の代替）",
    },
  },
  ko: {
    devAccounts: {
      heading: "개발용 계정",
      intro: "로컬 개발 전용입니다. 개발용 ID 공급자에 미리 만들어 둔 계정으로 로그인합니다.",
      signInAs: (email) => `${email} 계정으로 로그인`,
      noClaims: "커스텀 클레임 없음",
    },
    recaptcha: {
      badge: "reCAPTCHA로 보호됨(개발용 대체: 이 컴퓨터에서 확인합니다)",
      frameTitle: "reCAPTCHA(개발용 대체)",
    },
  },
  "zh-CN": {
    devAccounts: {
      heading: "开发用账号",
      intro: "仅限本地开发：使用开发用身份提供方预置的账号登录。",
      signInAs: (email) => `以 ${email} 登录`,
      noClaims: "无自定义声明",
    },
    recaptcha: {
      badge: "受 reCAPTCHA 保护（开发用替代品：在本机上验证）",
      frameTitle: "reCAPTCHA（开发用替代品）",
    },
  },
  "zh-TW": {
    devAccounts: {
      heading: "開發用帳號",
      intro: "僅限本機開發：使用開發用身分提供者預先建立的帳號登入。",
      signInAs: (email) => `以 ${email} 登入`,
      noClaims: "無自訂宣告",
    },
    recaptcha: {
      badge: "受 reCAPTCHA 保護（開發用替代品：在本機上驗證）",
      frameTitle: "reCAPTCHA（開發用替代品）",
    },
  },
};
