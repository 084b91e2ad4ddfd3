/**
 * The texts of the play link's pages, the lobby of a published game (workers/rooms/play/), in the
 * platform's five languages (src/lobby/languages.ts holds them). Texts with a `{name}` take values
 * through `fill`, so the part the browser scripts show travels as plain JSON in the page's config
 * (src/page-configs/lobby.ts, quick-play.ts): the page carries its own language only.
 */

/** What the lobby's scripts show (browser/pages/lobby/), handed to them in the page config. */
export interface LobbyScriptStrings {
  /** The status line while the page signs in (also in the page as served). */
  signingIn: string;
  /** An ID token ran out: the page goes through the sign-in again. */
  signingInAgain: string;
  /** A Copy button (also in the page as served). */
  copy: string;
  /** A Copy button for a moment after it copied. */
  copied: string;
  linkCopied: string;
  /** No clipboard: the link is selected in its field. */
  copyByHand: string;
  /** The button that shows the game again (also a seat's button once the seat is yours). */
  play: string;
  /** A player's seat, `{n}` its number: the roster's seats p1…pN. */
  player: string;
  spectator: string;
  seatState: { free: string; taken: string; yours: string };
  takeSeat: string;
  /** A seat's button's accessible name: `{action}` its text, `{seat}` the seat. */
  seatAction: string;
  /** `{seat}` */
  taking: string;
  openingAsSpectator: string;
  /** A seat's own link or a reload found `{seat}` held by someone else. */
  takenByOther: string;
  leftGame: string;
  /** Quick play asks for a seat. */
  finding: string;
  /** The full house of a two-player game. */
  fullBoth: string;
  /** The full house of a game of `{count}` players. */
  fullAll: string;
  openingTheirGame: string;
  /** Quick play failed: `{reason}` is one of `errors`. */
  noSeat: string;
  /** The bar above the game: `{seat}` */
  youAre: string;
  /** The same while a seat of the room is free. */
  youAreWaiting: string;
  watching: string;
  /** The rooms' refusals the page may meet, by their stable `error` code (docs/publishing.md). */
  refusals: {
    seat_taken: string;
    one_seat_each: string;
    seat_not_found: string;
    wrong_room_key: string;
    not_a_lobby_room: string;
    revision_not_found: string;
    no_rooms: string;
    tickets_unavailable: string;
    idp_unavailable: string;
    quick_play_cooldown: string;
    too_many_open_seats: string;
    /** The rooms failed on their side (500). */
    internal_error: string;
  };
  /** Another refusal: `{message}` is the rooms' own sentence. */
  refused: string;
  /** No answer at all (offline, the connection dropped). */
  unreachable: string;
  /** The page's own sign-in failed (its custom token refused or not traded). */
  signInFailed: string;
}

/** Every text of the play link's pages in one language. */
export interface LobbyStrings {
  script: LobbyScriptStrings;
  /** The page's title: `{game}` */
  pageTitle: string;
  /** The accessible name of the game's part of the page: `{game}` */
  gameRegion: string;
  noScript: string;
  quick: {
    intro: string;
    privateRoom: string;
    /** `{link}` is the private room's link, named `privateRoom`. */
    privateRoomNote: string;
    fullHeading: string;
    /** Before the page knows how many seats the room has. */
    fullText: string;
    watch: string;
    wait: string;
    waitNote: string;
    shareWithFriend: string;
  };
  solo: { intro: string };
  /** A bare dev setup's plain links. */
  links: { intro: string; another: string };
  seats: {
    /** `{room}` */
    roomHeading: string;
    shareWithPlayers: string;
    heading: string;
    note: string;
    /** `{seat}` */
    copySeatLink: string;
    seatLink: string;
    spectate: string;
    spectatorLink: string;
    copySpectatorLink: string;
    newPrivateRoom: string;
  };
  game: { shareWithNext: string; back: string };
  /**
   * A room's name for people: two words its id picks (workers/rooms/play/room-names.ts), 16 of
   * each, in the same order in every language, so one room has one name in each.
   */
  roomName: { format: string; colours: readonly string[]; animals: readonly string[] };
}

/** `template` with each `{name}` replaced by its value; an unknown name stays as written. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
