import type { LobbyScriptStrings } from "../lobby/lobby-strings";
import type { SignedInPageConfig } from "./signed-in";

/** The quick-play view of a game's lobby (workers/rooms): where the signed-in page asks for a seat. */
export interface QuickPlayPageConfig extends SignedInPageConfig {
  /** {ROOMS_URL}/lobby/{revisionId}/quick-play */
  quickPlayUrl: string;
  /** The game's play link, {ROOMS_URL}/play/{revisionId}/: the page offers it to share. */
  playUrl: string;
  /** What the address bar shows while the game plays: the play link, with `ui_locales` when the visitor's link had it. */
  address: string;
  /** {ROOMS_URL}/lobby/{revisionId}/: a room's seats are at {lobbyUrl}{roomId}/seats. */
  lobbyUrl: string;
  /** The texts the script shows, in the page's language. */
  strings: LobbyScriptStrings;
}

/** The element that holds the config. */
export const QUICK_PLAY_CONFIG_ID = "quick-play-config";
