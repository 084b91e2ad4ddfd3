import type { Language } from "./i18n";

/** Texts of the login page's "link another sign-in method" flow (browser/pages/login/link.ts). */
export interface LinkStrings {
  start: string;
  identify: string;
  choose: string;
  linked: string;
  newAccount: string;
}

export const LINK_STRINGS: Record<Language, LinkStrings> = {
  en: {
    start: "Link another sign-in method",
    identify: "First sign in the way you do today. Then choose the sign-in method to add.",
    choose: "Now choose the sign-in method to add to this account (within a minute).",
    linked: "Linked. Signing you in…",
    newAccount:
      "No account signs in this way yet, so there is nothing to link to. Choose “Link another sign-in method” again and first sign in the way you do today.",
  },
  ja: {
    start: "別のサインイン方法を連携する",
    identify: "まず、いつもの方法でサインインしてください。次に、追加するサインイン方法を選びます。",
    choose: "このアカウントに追加するサインイン方法を選んでください（1分以内）。",
    linked: "連携しました。サインインしています…",
    newAccount:
      "この方法でサインインするアカウントはまだないため、連携先がありません。もう一度「別のサインイン方法を連携する」を選び、まずいつもの方法でサインインしてください。",
  },
  ko: {
    start: "다른 로그인 방법 연결하기",
    identify: "먼저 평소 방법으로 로그인하세요. 그다음 추가할 로그인 방법을 고르세요.",
    choose: "이 계정에 추가할 로그인 방법을 고르세요(1분 이내).",
    linked: "연결했습니다. 로그인하는 중…",
    newAccount:
      "이 방법으로 로그인하는 계정이 아직 없어 연결할 대상이 없습니다. ‘다른 로그인 방법 연결하기’를 다시 고르고 먼저 평소 방법으로 로그인하세요.",
  },
  "zh-CN": {
    start: "关联其他登录方式",
    identify: "请先用平时的方式登录，然后选择要添加的登录方式。",
    choose: "请选择要添加到此账号的登录方式（1 分钟内）。",
    linked: "已关联，正在登录…",
    newAccount: "还没有账号使用这种方式登录，因此无可关联。请再次选择“关联其他登录方式”，并先用平时的方式登录。",
  },
  "zh-TW": {
    start: "連結其他登入方式",
    identify: "請先用平常的方式登入，再選擇要新增的登入方式。",
    choose: "請選擇要新增到此帳號的登入方式（1 分鐘內）。",
    linked: "已連結，正在登入…",
    newAccount:
      "還沒有帳號使用這種方式登入，因此沒有可連結的對象。請再次選擇「連結其他登入方式」，並先用平常的方式登入。",
  },
};
