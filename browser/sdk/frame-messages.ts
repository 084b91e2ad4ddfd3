/**
 * What a game page in a frame and the page framing it (a host app, the platform's lobby) say to
 * each other with postMessage (docs/rooms.md "When a ticket runs out").
 */

/** The page asks for a fresh seat ticket: `{type, roomId, seatId}`. */
export const RENEW_REQUEST = "scenario.ticket.renew";
/** The framing page's answer: `{type, ticket}`. */
export const RENEWED = "scenario.ticket";
/** The page goes back to its lobby: `{type}` (the lobby closes the game). */
export const LOBBY_REQUEST = "scenario.lobby";
