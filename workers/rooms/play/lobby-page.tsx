import type { Child } from "hono/jsx";
import type { UiLocale } from "../../../src/i18n/locales";
import { fill, type LobbyStrings } from "../../../src/lobby/lobby-strings";
import { seatLabel } from "../../../src/lobby/seat-label";
import { LOBBY_CONFIG_ID, type LobbyPageConfig } from "../../../src/page-configs/lobby";
import { QUICK_PLAY_CONFIG_ID, type QuickPlayPageConfig } from "../../../src/page-configs/quick-play";
import type { PublishedRevision } from "../../../src/publishing/revision";
import { PageShell } from "../../../src/worker-kit/pages/page-shell";
import { GameSection } from "./game-section";
import { roomNameOf } from "./room-names";
import type { LobbySeat } from "./seat-links";

/** A place of the room with its own link, which takes that place for whoever opens it. */
export type LinkedSeat = LobbySeat & { link: string };

/**
 * What the lobby shows: a solo game's one link; a room's plain links, one per seat, where the
 * rooms run without tickets (a bare dev setup); or, with tickets, quick play (a seat in an open
 * room, once signed in) or a room's seats to take once signed in (browser/pages/lobby/). The two
 * views that sign in show the game in a frame of the page once a seat is taken (game-section.tsx).
 */
export type LobbyView =
  | { kind: "solo"; playUrl: string }
  | { kind: "quick"; privateUrl: string; pageConfig: QuickPlayPageConfig }
  | { kind: "links"; roomId: string; links: { seat: LobbySeat; url: string }[]; newRoomUrl: string }
  | {
      kind: "seats";
      roomId: string;
      seats: LinkedSeat[];
      shareUrl: string;
      newRoomUrl: string;
      pageConfig: LobbyPageConfig;
    };

/** The game's name for people: its manifest's name, else the scenario id its revision id starts with. */
export function scenarioNameOf(revision: PublishedRevision): string {
  return revision.name ?? revision.id.replace(/-[0-9a-f]{16}$/, "");
}

/**
 * The lobby of a published game (routes/lobby.tsx): a server-rendered page in the reader's
 * language, scripted in the views that sign in (their scripts get their texts in the page config).
 */
export function LobbyPage(props: {
  revision: PublishedRevision;
  assetsUrl: string;
  view: LobbyView;
  language: UiLocale;
  strings: LobbyStrings;
}) {
  const title = scenarioNameOf(props.revision);
  const { view, strings: t } = props;
  return (
    <PageShell
      lang={props.language}
      title={fill(t.pageTitle, { game: title })}
      assetsUrl={props.assetsUrl}
      stylesheet="lobby.css"
      {...scriptOf(view)}
    >
      <header class="page-header">
        <h1>{title}</h1>
      </header>
      <main id="lobby" class="lobby">
        {view.kind === "solo" && <SoloView playUrl={view.playUrl} t={t} />}
        {view.kind === "quick" && <QuickView privateUrl={view.privateUrl} playUrl={view.pageConfig.playUrl} t={t} />}
        {view.kind === "links" && <LinksView {...view} t={t} />}
        {view.kind === "seats" && <SeatsView {...view} t={t} />}
      </main>
      {(view.kind === "quick" || view.kind === "seats") && (
        <GameSection title={title} region={fill(t.gameRegion, { game: title })} strings={t} />
      )}
    </PageShell>
  );
}

/** The page script and its config, for the views that sign in. */
function scriptOf(view: LobbyView) {
  if (view.kind === "seats") {
    return { config: { id: LOBBY_CONFIG_ID, value: view.pageConfig }, script: { file: "lobby.js", module: true } };
  }
  if (view.kind === "quick") {
    return {
      config: { id: QUICK_PLAY_CONFIG_ID, value: view.pageConfig },
      script: { file: "quick-play.js", module: true },
    };
  }
  return {};
}

/** A link with a Copy button (browser/pages/lobby/copy-buttons.ts). */
export function ShareLink(props: { id: string; label: string; url: string; copy: string }) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <div class="share">
        <input id={props.id} readonly value={props.url} />
        <button type="button" class="secondary copy" data-copy={props.url}>
          {props.copy}
        </button>
      </div>
    </>
  );
}

/** `template` with `{name}` replaced by an element (a link, a name in bold); the text around it as it is. */
function around(template: string, name: string, element: Child) {
  const [before = "", after = ""] = template.split(`{${name}}`);
  return (
    <>
      {before}
      {element}
      {after}
    </>
  );
}

function QuickView(props: { privateUrl: string; playUrl: string; t: LobbyStrings }) {
  const { t } = props;
  return (
    <>
      <p id="status" class="status" role="status" aria-live="polite">
        {t.script.signingIn}
      </p>
      <p id="again" hidden>
        <button type="button" id="play-again">
          {t.script.play}
        </button>
      </p>
      <section id="full" class="full" aria-labelledby="full-heading" hidden>
        <h2 id="full-heading" tabindex={-1}>
          {t.quick.fullHeading}
        </h2>
        <p id="full-text">{t.quick.fullText}</p>
        <p class="choices">
          <button type="button" id="watch">
            {t.quick.watch}
          </button>
          <button type="button" id="wait" class="secondary">
            {t.quick.wait}
          </button>
        </p>
        <p class="muted">{t.quick.waitNote}</p>
        <ShareLink id="full-share" label={t.quick.shareWithFriend} url={props.playUrl} copy={t.script.copy} />
      </section>
      <p>{t.quick.intro}</p>
      <p>{around(t.quick.privateRoomNote, "link", <a href={props.privateUrl}>{t.quick.privateRoom}</a>)}</p>
      <noscript>{t.noScript}</noscript>
    </>
  );
}

function SoloView(props: { playUrl: string; t: LobbyStrings }) {
  return (
    <>
      <p>{props.t.solo.intro}</p>
      <p>
        <a class="button" href={props.playUrl} data-seat-kind="solo">
          {props.t.script.play}
        </a>
      </p>
    </>
  );
}

function LinksView(props: {
  roomId: string;
  links: { seat: LobbySeat; url: string }[];
  newRoomUrl: string;
  t: LobbyStrings;
}) {
  const { t } = props;
  return (
    <>
      <p data-room-id={props.roomId}>
        {around(t.links.intro, "room", <strong>{roomNameOf(props.roomId, t.roomName)}</strong>)}
      </p>
      <ul class="links">
        {props.links.map((link) => (
          <li>
            <a href={link.url} data-seat-kind={link.seat.kind} target="_blank" rel="noopener">
              {seatLabel(t.script, link.seat.id)}
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href={props.newRoomUrl}>{t.links.another}</a>
      </p>
    </>
  );
}

function SeatsView(props: {
  roomId: string;
  seats: LinkedSeat[];
  shareUrl: string;
  newRoomUrl: string;
  t: LobbyStrings;
}) {
  const { t } = props;
  const players = props.seats.filter((seat) => seat.kind === "player");
  const spectator = props.seats.find((seat) => seat.kind === "spectator");
  return (
    <>
      <p id="status" class="status" role="status" aria-live="polite">
        {t.script.signingIn}
      </p>
      <section class="room" aria-labelledby="room-heading" data-room-id={props.roomId}>
        <h2 id="room-heading">{fill(t.seats.roomHeading, { room: roomNameOf(props.roomId, t.roomName) })}</h2>
        <ShareLink id="share" label={t.seats.shareWithPlayers} url={props.shareUrl} copy={t.script.copy} />
      </section>
      <section aria-labelledby="seats-heading">
        <h2 id="seats-heading">{t.seats.heading}</h2>
        <p class="muted">{t.seats.note}</p>
        <ul id="seats" class="seats">
          {players.map((seat) => {
            const name = seatLabel(t.script, seat.id);
            return (
              <li data-seat-id={seat.id} data-state="unknown">
                <span class="seat-who">
                  <span class="seat-name">{name}</span> <span class="seat-state" />
                </span>
                <button
                  type="button"
                  class="secondary copy seat-link"
                  data-copy={seat.link}
                  aria-label={fill(t.seats.copySeatLink, { seat: name })}
                >
                  {t.seats.seatLink}
                </button>
                <button type="button" class="take" disabled>
                  {t.script.takeSeat}
                </button>
              </li>
            );
          })}
        </ul>
        <p class="spectator">
          <button type="button" id="spectate" class="secondary" disabled>
            {t.seats.spectate}
          </button>
          {spectator && (
            <button
              type="button"
              class="secondary copy"
              data-copy={spectator.link}
              aria-label={t.seats.copySpectatorLink}
            >
              {t.seats.spectatorLink}
            </button>
          )}
        </p>
      </section>
      <p>
        <a href={props.newRoomUrl}>{t.seats.newPrivateRoom}</a>
      </p>
      <noscript>{t.noScript}</noscript>
    </>
  );
}
