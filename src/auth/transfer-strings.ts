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
};
