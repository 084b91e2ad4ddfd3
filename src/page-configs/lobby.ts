import type { LobbyScriptStrings } from "../lobby/lobby-strings";
import type { SignedInPageConfig } from "./signed-in";

/** The lobby of a published game (workers/rooms), in its "seats" view: the room's seats and key. */
export interface LobbyPageConfig extends SignedInPageConfig {
  /** {ROOMS_URL}/lobby/{revisionId}/{roomId}/seats */
  seatsUrl: string;
  /** The room's key (workers/rooms/play/lobby-room-key.ts), sent with every seat call. */
  key: string;
  /** The seat this page's link is for (`?seat=`): taken as soon as the user is signed in. */
  seat: string | null;
  roomId: string;
  /** The room's link, to send the other players (never a seat's own link, nor the reader's language). */
  shareUrl: string;
  /** What the address bar shows while the game plays: the room's link, with `ui_locales` when the visitor's link had it. */
  address: string;
  /** The texts the script shows, in the page's language. */
  strings: LobbyScriptStrings;
}

/** The element that holds the config. */
export const LOBBY_CONFIG_ID = "lobby-config";
