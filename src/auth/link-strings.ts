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
};
