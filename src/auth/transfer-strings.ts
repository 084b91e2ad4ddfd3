import type { Language } from "./i18n";

/** Texts of the hand-over confirmation page (GET /transfer). */
export interface TransferStrings {
  title: string;
  heading: (client: string) => string;
  account: string;
  replaces: string;
  continue: string;
  cancel: string;
  explain: string;
}

export const TRANSFER_STRINGS: Record<Language, TransferStrings> = {
  en: {
    title: "Continue in this browser?",
    heading: (client) => `Continue to ${client} in this browser?`,
    account: "You will be signed in as",
    replaces: "This browser is signed in to another account now; continuing signs that account out here.",
    continue: "Continue",
    cancel: "Cancel",
    explain:
      "Only continue if you opened this link from your own app. Someone else's link signs you in to their account.",
  },
  ja: {
    title: "このブラウザで続けますか？",
    heading: (client) => `このブラウザで${client}を続けますか？`,
    account: "次のアカウントでサインインします",
    replaces:
      "このブラウザは別のアカウントでサインイン中です。続けると、ここではそのアカウントからサインアウトします。",
    continue: "続ける",
    cancel: "キャンセル",
    explain:
      "ご自身のアプリから開いたリンクの場合のみ続けてください。他人のリンクでは、その人のアカウントにサインインしてしまいます。",
  },
  ko: {
    title: "이 브라우저에서 계속할까요?",
    heading: (client) => `이 브라우저에서 ${client}을(를) 계속할까요?`,
    account: "다음 계정으로 로그인합니다",
    replaces: "이 브라우저는 지금 다른 계정으로 로그인되어 있습니다. 계속하면 여기서는 그 계정이 로그아웃됩니다.",
    continue: "계속",
    cancel: "취소",
    explain: "직접 앱에서 연 링크일 때만 계속하세요. 다른 사람의 링크는 그 사람의 계정으로 로그인시킵니다.",
  },
  "zh-CN": {
    title: "在此浏览器中继续？",
    heading: (client) => `在此浏览器中继续使用${client}？`,
    account: "您将以此账号登录",
    replaces: "此浏览器当前登录的是另一个账号；继续将在此处退出该账号。",
    continue: "继续",
    cancel: "取消",
    explain: "仅当此链接是您从自己的应用中打开时才继续。他人的链接会让您登录到对方的账号。",
  },
  "zh-TW": {
    title: "要在此瀏覽器中繼續嗎？",
    heading: (client) => `要在此瀏覽器中繼續使用${client}嗎？`,
    account: "您將以此帳號登入",
    replaces: "此瀏覽器目前登入的是另一個帳號；繼續將在此處登出該帳號。",
    continue: "繼續",
    cancel: "取消",
    explain: "僅在此連結是您從自己的應用程式開啟時才繼續。他人的連結會讓您登入對方的帳號。",
  },
};
