import type { Language } from "./i18n";

/** Texts of the sign-in service's base page ({AUTH_URL}/), in the languages of its other pages. */
export interface AuthBasePageStrings {
  title: string;
  intro: string;
  pages: string;
  /** Under the link that signs in to the coin store. */
  signInNote: string;
  publishTokens: string;
  publishTokensNote: string;
  /** Under the link to the signed-in devices page (its label is the page's own title). */
  sessionsNote: string;
  legal: string;
  programs: string;
  health: string;
  healthNote: string;
}

export const AUTH_BASE_PAGE_STRINGS: Readonly<Record<Language, AuthBasePageStrings>> = {
  en: {
    title: "Sign-in service",
    intro: "One account for every game and app of the platform: sign in once, and you stay signed in to the others.",
    pages: "Pages",
    signInNote: "The sign-in page, as the coin store opens it.",
    publishTokens: "Publish tokens",
    publishTokensNote: "For scenario authors: the tokens that let npx scenario publish upload a game as you.",
    sessionsNote: "Where your account is signed in: sign out a device, all others, or everywhere.",
    legal: "Terms and policies",
    programs: "For programs",
    health: "Service status",
    healthNote: "JSON, for monitoring.",
  },
  ja: {
    title: "ログインサービス",
    intro:
      "プラットフォームのすべてのゲームとアプリで使える一つのアカウントです。一度ログインすれば、ほかのゲームやアプリでもログインしたままになります。",
    pages: "ページ",
    signInNote: "コインストアから開くログインページです。",
    publishTokens: "公開トークン",
    publishTokensNote:
      "シナリオ作者向け：npx scenario publish があなたとしてゲームをアップロードするためのトークンです。",
    sessionsNote:
      "あなたのアカウントがログインしている場所です。デバイスごと、ほかのすべて、またはすべての場所からログアウトできます。",
    legal: "規約とポリシー",
    programs: "プログラム向け",
    health: "サービスの状態",
    healthNote: "監視用の JSON です。",
  },
  ko: {
    title: "로그인 서비스",
    intro:
      "플랫폼의 모든 게임과 앱에서 쓰는 하나의 계정입니다. 한 번 로그인하면 다른 게임과 앱에서도 로그인 상태가 유지됩니다.",
    pages: "페이지",
    signInNote: "코인 스토어에서 여는 로그인 페이지입니다.",
    publishTokens: "게시 토큰",
    publishTokensNote: "시나리오 작성자용: npx scenario publish가 내 계정으로 게임을 업로드할 때 쓰는 토큰입니다.",
    sessionsNote: "내 계정이 로그인된 곳입니다. 기기별로, 다른 모든 기기에서 또는 모든 곳에서 로그아웃할 수 있습니다.",
    legal: "약관 및 정책",
    programs: "프로그램용",
    health: "서비스 상태",
    healthNote: "모니터링용 JSON입니다.",
  },
  "zh-CN": {
    title: "登录服务",
    intro: "平台上所有游戏和应用共用一个账号：登录一次，在其他游戏和应用中也保持登录。",
    pages: "页面",
    signInNote: "金币商店打开的登录页面。",
    publishTokens: "发布令牌",
    publishTokensNote: "供剧本作者使用：npx scenario publish 以您的身份上传游戏时所用的令牌。",
    sessionsNote: "你的账号在哪些地方登录：可以退出某台设备、其他所有设备，或在所有地方退出。",
    legal: "条款与政策",
    programs: "供程序使用",
    health: "服务状态",
    healthNote: "供监控使用的 JSON。",
  },
  "zh-TW": {
    title: "登入服務",
    intro: "平台上所有遊戲和應用程式共用一個帳號：登入一次，在其他遊戲和應用程式中也保持登入。",
    pages: "頁面",
    signInNote: "金幣商店開啟的登入頁面。",
    publishTokens: "發布權杖",
    publishTokensNote: "供劇本作者使用：npx scenario publish 以您的身分上傳遊戲時所用的權杖。",
    sessionsNote: "你的帳號在哪些地方登入：可以登出某台裝置、其他所有裝置，或在所有地方登出。",
    legal: "條款與政策",
    programs: "供程式使用",
    health: "服務狀態",
    healthNote: "供監控使用的 JSON。",
  },
};
