import type { Language } from "./i18n";
import { FAMILY_SEPARATOR, UNKNOWN_FAMILY } from "./user-agent";

/** Texts of the session list (GET /sessions): where a person is signed in, and signing out there. */
export interface SessionsStrings {
  title: string;
  intro: string;
  /** The asking browser's own entry. */
  thisBrowser: string;
  inUseNow: string;
  lastUsed: (when: string) => string;
  signedIn: (when: string) => string;
  /** Last use less than an hour ago: the list keeps last use to the hour. */
  withinTheHour: string;
  /** A browser and the system it runs on, as user-agent.ts names them ("Firefox", "Linux"). */
  device: (browser: string, system: string) => string;
  unknownDevice: string;
  signOut: string;
  /** The accessible name of one entry's button: which device it signs out. */
  signOutOf: (device: string, lastUsed: string) => string;
  signOutThis: string;
  others: string;
  signOutOthers: string;
  noOthers: string;
  /** What ending a browser's session does and does not end (an app tab already open there). */
  scope: string;
  everywhere: string;
  done: { one: string; others: string; gone: string; this: string; everywhere: string };
  signedOut: string;
  signIn: string;
  unavailable: string;
  tryAgain: string;
  backTo: (client: string) => string;
}

export const SESSIONS_STRINGS: Record<Language, SessionsStrings> = {
  en: {
    title: "Signed-in devices",
    intro: "These browsers are signed in to your account. Sign out of any you do not recognise or no longer use.",
    thisBrowser: "This browser",
    inUseNow: "In use now",
    lastUsed: (when) => `Last used ${when}`,
    signedIn: (when) => `Signed in ${when}`,
    withinTheHour: "less than an hour ago",
    device: (browser, system) => `${browser} on ${system}`,
    unknownDevice: "Unknown browser",
    signOut: "Sign out",
    signOutOf: (device, lastUsed) => `Sign out: ${device}, ${lastUsed}`,
    signOutThis: "Sign out of this browser",
    others: "Other devices",
    signOutOthers: "Sign out of all other devices",
    noOthers: "No other browser is signed in.",
    scope:
      "A browser signed out here must sign in again to open an app. An app tab already open in it stays signed in until it is closed; to end those too, sign out everywhere (this browser included).",
    everywhere: "Sign out everywhere",
    done: {
      one: "That device was signed out.",
      others: "Every other device was signed out.",
      gone: "That device was already signed out.",
      this: "You are signed out of this browser.",
      everywhere: "You are signed out everywhere, this browser included.",
    },
    signedOut: "This browser is not signed in.",
    signIn: "Sign in",
    unavailable:
      "Your sign-in cannot be checked right now: the sign-in provider is not available. Please try again in a moment.",
    tryAgain: "Try again",
    backTo: (client) => `Back to ${client}`,
  },
  ja: {
    title: "ログイン中のデバイス",
    intro:
      "次のブラウザがあなたのアカウントにログインしています。心当たりのないものや、使わなくなったものはログアウトしてください。",
    thisBrowser: "このブラウザ",
    inUseNow: "現在使用中",
    lastUsed: (when) => `最終使用：${when}`,
    signedIn: (when) => `ログイン：${when}`,
    withinTheHour: "1時間以内",
    device: (browser, system) => `${system} の ${browser}`,
    unknownDevice: "不明なブラウザ",
    signOut: "ログアウト",
    signOutOf: (device, lastUsed) => `ログアウト：${device}（${lastUsed}）`,
    signOutThis: "このブラウザからログアウト",
    others: "ほかのデバイス",
    signOutOthers: "ほかのすべてのデバイスからログアウト",
    noOthers: "ほかにログインしているブラウザはありません。",
    scope:
      "ここでログアウトしたブラウザは、アプリを開くときに再度ログインが必要です。そのブラウザですでに開いているアプリのタブは、閉じるまでログインしたままです。それも終わらせるには、すべての場所からログアウトしてください（このブラウザを含みます）。",
    everywhere: "すべての場所からログアウト",
    done: {
      one: "そのデバイスからログアウトしました。",
      others: "ほかのすべてのデバイスからログアウトしました。",
      gone: "そのデバイスはすでにログアウトしています。",
      this: "このブラウザからログアウトしました。",
      everywhere: "このブラウザを含め、すべての場所からログアウトしました。",
    },
    signedOut: "このブラウザはログインしていません。",
    signIn: "ログイン",
    unavailable:
      "現在ログインを確認できません。ログインのサービスが利用できない状態です。しばらくしてからもう一度お試しください。",
    tryAgain: "再試行",
    backTo: (client) => `${client}に戻る`,
  },
  ko: {
    title: "로그인된 기기",
    intro: "다음 브라우저가 계정에 로그인되어 있습니다. 모르는 기기나 더 이상 쓰지 않는 기기는 로그아웃하세요.",
    thisBrowser: "이 브라우저",
    inUseNow: "지금 사용 중",
    lastUsed: (when) => `마지막 사용: ${when}`,
    signedIn: (when) => `로그인: ${when}`,
    withinTheHour: "1시간 이내",
    device: (browser, system) => `${system}의 ${browser}`,
    unknownDevice: "알 수 없는 브라우저",
    signOut: "로그아웃",
    signOutOf: (device, lastUsed) => `로그아웃: ${device}, ${lastUsed}`,
    signOutThis: "이 브라우저에서 로그아웃",
    others: "다른 기기",
    signOutOthers: "다른 모든 기기에서 로그아웃",
    noOthers: "로그인된 다른 브라우저가 없습니다.",
    scope:
      "여기서 로그아웃한 브라우저는 앱을 열 때 다시 로그인해야 합니다. 그 브라우저에 이미 열려 있는 앱 탭은 닫을 때까지 로그인 상태로 남습니다. 그것까지 끝내려면 모든 곳에서 로그아웃하세요(이 브라우저 포함).",
    everywhere: "모든 곳에서 로그아웃",
    done: {
      one: "그 기기에서 로그아웃했습니다.",
      others: "다른 모든 기기에서 로그아웃했습니다.",
      gone: "그 기기는 이미 로그아웃되어 있습니다.",
      this: "이 브라우저에서 로그아웃했습니다.",
      everywhere: "이 브라우저를 포함해 모든 곳에서 로그아웃했습니다.",
    },
    signedOut: "이 브라우저는 로그인되어 있지 않습니다.",
    signIn: "로그인",
    unavailable: "지금은 로그인을 확인할 수 없습니다. 로그인 서비스를 사용할 수 없습니다. 잠시 후 다시 시도하세요.",
    tryAgain: "다시 시도",
    backTo: (client) => `${client}(으)로 돌아가기`,
  },
  "zh-CN": {
    title: "已登录的设备",
    intro: "以下浏览器已登录您的账号。请退出您不认识或不再使用的设备。",
    thisBrowser: "此浏览器",
    inUseNow: "正在使用",
    lastUsed: (when) => `上次使用：${when}`,
    signedIn: (when) => `登录于：${when}`,
    withinTheHour: "一小时内",
    device: (browser, system) => `${system} 上的 ${browser}`,
    unknownDevice: "未知浏览器",
    signOut: "退出登录",
    signOutOf: (device, lastUsed) => `退出登录：${device}，${lastUsed}`,
    signOutThis: "在此浏览器上退出登录",
    others: "其他设备",
    signOutOthers: "在所有其他设备上退出登录",
    noOthers: "没有其他已登录的浏览器。",
    scope:
      "在此退出登录的浏览器，打开应用时需要重新登录。该浏览器中已打开的应用标签页在关闭前仍保持登录；如需一并结束，请在所有位置退出登录（包括此浏览器）。",
    everywhere: "在所有位置退出登录",
    done: {
      one: "已在该设备上退出登录。",
      others: "已在所有其他设备上退出登录。",
      gone: "该设备已经退出登录。",
      this: "您已在此浏览器上退出登录。",
      everywhere: "您已在所有位置退出登录，包括此浏览器。",
    },
    signedOut: "此浏览器未登录。",
    signIn: "登录",
    unavailable: "目前无法确认您的登录：登录服务暂时不可用。请稍后再试。",
    tryAgain: "重试",
    backTo: (client) => `返回${client}`,
  },
  "zh-TW": {
    title: "已登入的裝置",
    intro: "以下瀏覽器已登入您的帳號。請登出您不認得或不再使用的裝置。",
    thisBrowser: "此瀏覽器",
    inUseNow: "正在使用",
    lastUsed: (when) => `上次使用：${when}`,
    signedIn: (when) => `登入於：${when}`,
    withinTheHour: "一小時內",
    device: (browser, system) => `${system} 上的 ${browser}`,
    unknownDevice: "不明的瀏覽器",
    signOut: "登出",
    signOutOf: (device, lastUsed) => `登出：${device}，${lastUsed}`,
    signOutThis: "登出此瀏覽器",
    others: "其他裝置",
    signOutOthers: "登出所有其他裝置",
    noOthers: "沒有其他已登入的瀏覽器。",
    scope:
      "在此登出的瀏覽器，開啟應用程式時需要重新登入。該瀏覽器中已開啟的應用程式分頁在關閉前仍維持登入；如需一併結束，請登出所有位置（包括此瀏覽器）。",
    everywhere: "登出所有位置",
    done: {
      one: "已登出該裝置。",
      others: "已登出所有其他裝置。",
      gone: "該裝置已經登出。",
      this: "您已登出此瀏覽器。",
      everywhere: "您已登出所有位置，包括此瀏覽器。",
    },
    signedOut: "此瀏覽器尚未登入。",
    signIn: "登入",
    unavailable: "目前無法確認您的登入：登入服務暫時無法使用。請稍後再試。",
    tryAgain: "重試",
    backTo: (client) => `返回${client}`,
  },
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long ago `at` was, in words of `language` ("3 hours ago", "yesterday"). The list keeps last
 * use to the hour (the session is written back at most hourly), so nothing finer than an hour.
 */
export function timeAgo(language: Language, at: number, now: number): string {
  const elapsed = Math.max(0, now - at);
  if (elapsed < HOUR_MS) return SESSIONS_STRINGS[language].withinTheHour;
  const words = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  if (elapsed < DAY_MS) return words.format(-Math.floor(elapsed / HOUR_MS), "hour");
  const days = Math.floor(elapsed / DAY_MS);
  if (days < 30) return words.format(-days, "day");
  if (days < 365) return words.format(-Math.floor(days / 30), "month");
  return words.format(-Math.floor(days / 365), "year");
}

/** A session's device as the person reads it, from the family user-agent.ts kept ("Chrome on Android"). */
export function deviceName(language: Language, family: string): string {
  const strings = SESSIONS_STRINGS[language];
  const [browser, system] = family.split(FAMILY_SEPARATOR);
  if (!browser || family === UNKNOWN_FAMILY) return strings.unknownDevice;
  return system ? strings.device(browser, system) : browser;
}
