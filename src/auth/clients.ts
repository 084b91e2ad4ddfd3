import type { Localized } from "../i18n/locales";

/** Legal documents a user consents to (document 1, consent ledger). */
export const DOCUMENT_KEYS = ["app_terms", "studio_terms", "portal_terms", "privacy"] as const;
export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

/** A registered client: what the login page shows and which documents a sign-up needs. */
export interface Client {
  readonly id: string;
  /** Shown at the top of the login page, in the page's language (never a title of two languages). */
  readonly name: Localized;
  /** iconUrl of document 1, relative to the auth app's /assets/ (files in public/auth/). */
  readonly iconUrl: string;
  readonly emailPasswordLogin: boolean;
  readonly requiredDocumentKeys: readonly DocumentKey[];
  /** Mobile and desktop apps: PKCE, and an SSO session only when they ask with prompt=select_account. */
  readonly kind: "web" | "mobile";
}

// Every service has its own terms; the privacy policy is one, shared by all of them.
const APP: readonly DocumentKey[] = ["app_terms", "privacy"];
const STUDIO: readonly DocumentKey[] = ["studio_terms", "privacy"];
const PORTAL: readonly DocumentKey[] = ["portal_terms", "privacy"];

// Each name in the store's five languages (the store's own title for "store"), so a page in one
// language never names the app in another.
const STORY_GAMES: Localized = {
  en: "Story Games",
  ja: "ストーリーゲーム",
  ko: "스토리 게임",
  "zh-CN": "故事游戏",
  "zh-TW": "故事遊戲",
};

const REGISTERED: readonly Client[] = [
  client("studio", { en: "Studio", ja: "スタジオ", ko: "스튜디오", "zh-CN": "工作室", "zh-TW": "工作室" }, STUDIO),
  client(
    "admin",
    { en: "Admin console", ja: "管理コンソール", ko: "관리 콘솔", "zh-CN": "管理控制台", "zh-TW": "管理主控台" },
    APP,
  ),
  { ...client("mobile", STORY_GAMES, APP), kind: "mobile" },
  client(
    "store",
    { en: "Coin store", ja: "コインストア", ko: "코인 스토어", "zh-CN": "金币商店", "zh-TW": "金幣商店" },
    APP,
  ),
  {
    ...client(
      "venue-admin",
      { en: "Venue operations", ja: "店舗運営", ko: "매장 운영", "zh-CN": "场馆运营", "zh-TW": "場館營運" },
      APP,
    ),
    emailPasswordLogin: true,
  },
  client(
    "portal",
    { en: "Booking portal", ja: "予約ポータル", ko: "예약 포털", "zh-CN": "预约平台", "zh-TW": "預約平台" },
    PORTAL,
  ),
  {
    ...client(
      "portal-shop",
      {
        en: "Booking portal for shops",
        ja: "店舗向け予約ポータル",
        ko: "매장용 예약 포털",
        "zh-CN": "商家预约平台",
        "zh-TW": "商家預約平台",
      },
      PORTAL,
    ),
    emailPasswordLogin: true,
  },
  client(
    "portal-admin",
    {
      en: "Booking portal admin",
      ja: "予約ポータル管理",
      ko: "예약 포털 관리",
      "zh-CN": "预约平台管理",
      "zh-TW": "預約平台管理",
    },
    PORTAL,
  ),
  // Not one of document 1's kinds: the rooms' lobby of published games (docs/publishing.md), where
  // players sign in to take a seat. Players are app users, so it asks for the app's terms.
  client(
    "play",
    { en: "Game lobby", ja: "ゲームロビー", ko: "게임 로비", "zh-CN": "游戏大厅", "zh-TW": "遊戲大廳" },
    APP,
  ),
];

const BY_ID = new Map(REGISTERED.map((c) => [c.id, c]));

/** Shown for a missing or unregistered client_id; it never widens the redirect allow-list. */
export const DEFAULT_CLIENT: Client = client("", STORY_GAMES, APP);

export function clientFor(clientId: string | undefined | null): Client {
  return (clientId && BY_ID.get(clientId)) || DEFAULT_CLIENT;
}

export function registeredClients(): readonly Client[] {
  return REGISTERED;
}

/** getRequiredDocumentKeys of document 1. */
export function requiredDocumentKeys(clientId: string | undefined | null): readonly DocumentKey[] {
  return clientFor(clientId).requiredDocumentKeys;
}

/** The required keys missing from what the user consented to. */
export function missingDocumentKeys(clientId: string | undefined | null, consented: readonly string[]): DocumentKey[] {
  return requiredDocumentKeys(clientId).filter((key) => !consented.includes(key));
}

function client(id: string, name: Localized, requiredDocumentKeys: readonly DocumentKey[]): Client {
  return {
    id,
    name,
    iconUrl: `icons/${id || "default"}.svg`,
    emailPasswordLogin: false,
    requiredDocumentKeys,
    kind: "web",
  };
}
