import type { UiLocale } from "../i18n/locales";
import type { LobbyStrings } from "./lobby-strings";
import { en } from "./lobby-strings/en";
import { ja } from "./lobby-strings/ja";
import { ko } from "./lobby-strings/ko";
import { zhCN } from "./lobby-strings/zh-CN";
import { zhTW } from "./lobby-strings/zh-TW";

/** Every text of the play link's pages, one file per language in src/lobby/lobby-strings/ (the server's; a page hands its script its own language's). */
export const LOBBY_STRINGS: Readonly<Record<UiLocale, LobbyStrings>> = { en, ja, ko, "zh-CN": zhCN, "zh-TW": zhTW };
