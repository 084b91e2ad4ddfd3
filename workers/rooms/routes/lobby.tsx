import { Hono } from "hono";
import { urlFor } from "../../../src/base-url";
import { languageOfUiLocales, pickLanguage } from "../../../src/i18n/pick-language";
import { LOBBY_STRINGS } from "../../../src/lobby/languages";
import { pageAssetRoutes } from "../../../src/worker-kit/pages/page-assets";
import { pageHeaders } from "../../../src/worker-kit/pages/page-headers";
import { pageHtml } from "../../../src/worker-kit/pages/page-shell";
import { signedInPage } from "../../../src/worker-kit/pages/signed-in-page";
import { LobbyPage, type LobbyView } from "../play/lobby-page";
import { isLobbyRoomKey, LOBBY_ROOM_ID, lobbyRoomKey, newLobbyRoomId } from "../play/lobby-room-key";
import { lobbyUrl, playUrl, seatsUrl, withUiLocales } from "../play/lobby-urls";
import { revisionOrThrow } from "../play/published-revision";
import { gamePageUrl, lobbySeatsOf, seatGameUrl } from "../play/seat-links";
import type { RoomsEnv } from "../rooms-ports";

/** The registered client the lobby signs in as (src/auth/clients.ts). */
const LOBBY_CLIENT_ID = "play";

/**
 * GET /lobby/{revisionId}/: the lobby of a published game (docs/publishing.md). A solo game gets
 * one link to its page. A game with rooms, where tickets are in use: with no room named, quick
 * play (the page signs the user in and routes/quick-play.ts seats them in an open room);
 * `?room=&key=` names a room the lobby made (the key must be the lobby's, lobby-room-key.ts), and
 * `?private=1` (or `?new=1`), or a room without its key, is sent to a new private room, which only
 * its link reaches. A room's page signs the user in (client `play`) and takes seats through
 * routes/lobby-seats.ts, each seat with a link of its own (`&seat=`) that takes that seat once its
 * opener is signed in. Without a secret (bare dev) every visit gets a new room's plain links.
 * Every view speaks the reader's language as the sign-in service picks it (`ui_locales`, else
 * Accept-Language) and asks /login for the same; a language the link itself asked for stays on
 * the way back from the sign-in, on a new private room and in the address the game plays under.
 * GET /assets/*: the lobby's scripts and stylesheet (public/rooms/).
 */
export const lobbyRoutes = new Hono<RoomsEnv>()
  .get("/lobby/:revisionId", (c) => c.redirect(`${new URL(c.req.url).pathname}/`, 301))
  .get("/lobby/:revisionId/", async (c) => {
    const revision = await revisionOrThrow(c.get("ports").revisions(c.env), c.req.param("revisionId"));
    const config = c.get("config");
    const rooms = config.apps.rooms;
    const assetsUrl = urlFor(rooms, "/assets");
    // The reader's language, as the sign-in service picks it; one the link itself asked for is kept on the way onward.
    const uiLocales = c.req.query("ui_locales");
    const language = pickLanguage({ uiLocales, acceptLanguage: c.req.header("accept-language") });
    const asked = languageOfUiLocales(uiLocales);
    const strings = LOBBY_STRINGS[language];
    const page = (view: LobbyView) =>
      c.html(
        pageHtml(
          <LobbyPage revision={revision} assetsUrl={assetsUrl} view={view} language={language} strings={strings} />,
        ),
      );
    // A view with no script (solo, plain links): its stylesheets only.
    const plainPage = () => pageHeaders(c, { styles: `${assetsUrl}/` });
    if (!revision.hasLogic) {
      plainPage();
      return page({ kind: "solo", playUrl: gamePageUrl(rooms, revision.id) });
    }

    const { ticketSecret } = config.rooms;
    const requested = c.req.query("room");
    const newRoom = c.req.query("new") !== undefined || c.req.query("private") !== undefined;
    const newRoomUrl = withUiLocales(`${lobbyUrl(rooms, revision.id)}?private=1`, asked);
    // The game page, shown in a frame of the lobby once a seat is taken (play/game-section.tsx).
    const frames = urlFor(rooms, `/play/${revision.id}/`);
    const signIn = (pageUrl: string) =>
      signedInPage(c, { clientId: LOBBY_CLIENT_ID, pageUrl, assetsUrl, frames, uiLocales: language });
    if (ticketSecret && requested === undefined && !newRoom) {
      // The play URL's visitors: quick play seats each, once signed in, in an open room.
      const pageUrl = lobbyUrl(rooms, revision.id);
      const play = playUrl(rooms, revision.id);
      return page({
        kind: "quick",
        privateUrl: newRoomUrl,
        pageConfig: {
          ...signIn(withUiLocales(pageUrl, asked)),
          quickPlayUrl: urlFor(rooms, `/lobby/${revision.id}/quick-play`),
          playUrl: play,
          address: withUiLocales(play, asked),
          lobbyUrl: pageUrl,
          strings: strings.script,
        },
      });
    }
    const ours =
      requested !== undefined &&
      LOBBY_ROOM_ID.test(requested) &&
      (!ticketSecret || (await isLobbyRoomKey(ticketSecret, revision.id, requested, c.req.query("key"))));
    if (!ours || newRoom) {
      // A room of its own (private: quick play never seats anyone there), reached by its link.
      const roomId = newLobbyRoomId();
      const key = ticketSecret ? await lobbyRoomKey(ticketSecret, revision.id, roomId) : null;
      return c.redirect(withUiLocales(lobbyUrl(rooms, revision.id, { roomId, key }), asked), 302);
    }
    const roomId = requested;
    const seats = lobbySeatsOf(revision);
    if (!ticketSecret) {
      plainPage();
      const links = seats.map((seat) => ({ seat, url: seatGameUrl(rooms, revision, roomId, seat) }));
      return page({ kind: "links", roomId, links, newRoomUrl });
    }

    const key = await lobbyRoomKey(ticketSecret, revision.id, roomId);
    const shareUrl = lobbyUrl(rooms, revision.id, { roomId, key });
    // ?seat= (a seat's own link) is kept through the sign-in; an unknown seat is ignored.
    const seat = seats.find((place) => place.id === c.req.query("seat"))?.id ?? null;
    const pageUrl = seat ? lobbyUrl(rooms, revision.id, { roomId, key, seat }) : shareUrl;
    return page({
      kind: "seats",
      roomId,
      seats: seats.map((place) => ({ ...place, link: lobbyUrl(rooms, revision.id, { roomId, key, seat: place.id }) })),
      shareUrl,
      newRoomUrl,
      pageConfig: {
        ...signIn(withUiLocales(pageUrl, asked)),
        seatsUrl: seatsUrl(rooms, revision.id, roomId),
        key,
        seat,
        roomId,
        shareUrl,
        address: withUiLocales(shareUrl, asked),
        strings: strings.script,
      },
    });
  })
  .route("/", pageAssetRoutes("rooms"));
