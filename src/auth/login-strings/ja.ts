import type { LoginStrings } from "../i18n";

export const ja: LoginStrings = {
  title: "ログイン",
  signInTo: (client) => `${client}にログイン`,
  emailHeading: "メールアドレスでログイン",
  emailSignInOnly:
    "既存のアカウント専用です。メールアドレスのアカウントはこのページでは作成できません。アカウントは管理者が作成します。",
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
  consentConfirm: "同意して続行",
  documents: {
    app_terms: "利用規約",
    studio_terms: "スタジオ利用規約",
    portal_terms: "予約ポータル利用規約",
    privacy: "プライバシーポリシー",
  },
  languageMenu: "言語",
  working: "ログインしています…",
  socialReturn: {
    finishing: "ログインを完了しています…",
    lost: "このログインはここでは完了できません。別のタブまたはブラウザーで開始されました。アプリに戻って、もう一度ログインしてください。",
  },
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
    invalidCredentials:
      "メールアドレスまたはパスワードが正しくないか、このメールアドレスのアカウントがありません。メールアドレスのアカウントはこのページでは作成できません。管理者に作成を依頼してください。",
    emailExists: "このメールアドレスのアカウントは既にあります。ログインしてください。",
    invalidCode: "コードが正しくありません。",
    codeUsed: "このコードは使用済みか、有効期限が切れています。新しいコードを送信してください。",
    phoneFormat: "国番号を付けて + から入力してください（例: +81 90 1234 5678）。",
    recaptcha: "コード送信前のセキュリティチェックを通過できませんでした。もう一度お試しください。",
    expired: "このページの有効期限が切れました。再読み込みしてください。",
  },
  legal: {
    version: "バージョン {version}（{date} 適用）",
    notTranslated: "この文書には{requested}版がないため、{shown}版を表示しています。",
  },
};
