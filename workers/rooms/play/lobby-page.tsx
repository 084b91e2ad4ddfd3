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
  | { kind: "links"; roomId: string; links: { seat: LobbySeat; url: string }[] }
  | { kind: "seats"; roomId: string; seats: LinkedSeat[]; shareUrl: string; pageConfig: LobbyPageConfig };

/** The game's name for people: its manifest's name, else the scenario id its revision id starts with. */
export function scenarioNameOf(revision: PublishedRevision): string {
  return revision.name ?? revision.id.replace(/-[0-9a-f]{16}$/, "");
}

/** The lobby of a published game (routes/lobby.tsx): a server-rendered page, scripted in the views that sign in. */
export function LobbyPage(props: { revision: PublishedRevision; assetsUrl: string; view: LobbyView }) {
  const title = scenarioNameOf(props.revision);
  const { view } = props;
  return (
    <PageShell
      lang="en"
      title={`${title} · play`}
      assetsUrl={props.assetsUrl}
      stylesheet="lobby.css"
      {...scriptOf(view)}
    >
      <header class="page-header">
        <h1>{title}</h1>
      </header>
      <main id="lobby" class="lobby">
        {view.kind === "solo" && <SoloView playUrl={view.playUrl} />}
        {view.kind === "quick" && <QuickView privateUrl={view.privateUrl} playUrl={view.pageConfig.playUrl} />}
        {view.kind === "links" && <LinksView roomId={view.roomId} links={view.links} />}
        {view.kind === "seats" && <SeatsView roomId={view.roomId} seats={view.seats} shareUrl={view.shareUrl} />}
      </main>
      {(view.kind === "quick" || view.kind === "seats") && <GameSection title={title} />}
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
export function ShareLink(props: { id: string; label: string; url: string }) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <div class="share">
        <input id={props.id} readonly value={props.url} />
        <button type="button" class="secondary copy" data-copy={props.url}>
          Copy
        </button>
      </div>
    </>
  );
}

function QuickView(props: { privateUrl: string; playUrl: string }) {
  return (
    <>
      <p id="status" class="status" role="status" aria-live="polite">
        Signing in…
      </p>
      <p id="again" hidden>
        <button type="button" id="play-again">
          Play
        </button>
      </p>
      <section id="full" class="full" aria-labelledby="full-heading" hidden>
        <h2 id="full-heading" tabindex={-1}>
          The room is full
        </h2>
        <p id="full-text">The players who opened this link before you are playing.</p>
        <p class="choices">
          <button type="button" id="watch">
            Watch their game
          </button>
          <button type="button" id="wait" class="secondary">
            Wait for the next player
          </button>
        </p>
        <p class="muted">Waiting seats you in a new room: the next person who opens this link plays you.</p>
        <ShareLink id="full-share" label="Send this link to a friend to play with you:" url={props.playUrl} />
      </section>
      <p>
        Everyone who opens this game's link is seated in the first room with a free seat: share the link and you play
        each other. When every room is full, you may watch a game or wait for the next player.
      </p>
      <p>
        <a href={props.privateUrl}>Private room</a>: a room of your own that only its link reaches, for the players you
        send it to.
      </p>
      <noscript>This page needs JavaScript.</noscript>
    </>
  );
}

function SoloView(props: { playUrl: string }) {
  return (
    <>
      <p>A game for one player: it runs in your browser, no room needed.</p>
      <p>
        <a class="button" href={props.playUrl} data-seat-kind="solo">
          Play
        </a>
      </p>
    </>
  );
}

function LinksView(props: { roomId: string; links: { seat: LobbySeat; url: string }[] }) {
  return (
    <>
      <p data-room-id={props.roomId}>
        Room <strong>{roomNameOf(props.roomId)}</strong>: open one link per player (send the others theirs).
      </p>
      <ul class="links">
        {props.links.map((link) => (
          <li>
            <a href={link.url} data-seat-kind={link.seat.kind} target="_blank" rel="noopener">
              {link.seat.name}
            </a>
          </li>
        ))}
      </ul>
      <p>
        <a href="?new=1">Create another room</a>
      </p>
    </>
  );
}

function SeatsView(props: { roomId: string; seats: LinkedSeat[]; shareUrl: string }) {
  const players = props.seats.filter((seat) => seat.kind === "player");
  const spectator = props.seats.find((seat) => seat.kind === "spectator");
  return (
    <>
      <p id="status" class="status" role="status" aria-live="polite">
        Signing in…
      </p>
      <section class="room" aria-labelledby="room-heading" data-room-id={props.roomId}>
        <h2 id="room-heading">Room {roomNameOf(props.roomId)}</h2>
        <ShareLink id="share" label="Send this link to the other players:" url={props.shareUrl} />
      </section>
      <section aria-labelledby="seats-heading">
        <h2 id="seats-heading">Seats</h2>
        <p class="muted">
          A seat is yours once you take it; nobody else can take it then. A seat's own link takes that seat for whoever
          opens it.
        </p>
        <ul id="seats" class="seats">
          {players.map((seat) => (
            <li data-seat-id={seat.id} data-state="unknown">
              <span class="seat-name">{seat.name}</span>
              <span class="seat-state" />
              <button
                type="button"
                class="secondary copy seat-link"
                data-copy={seat.link}
                aria-label={`Copy the link of ${seat.name}`}
              >
                Link
              </button>
              <button type="button" class="take" disabled>
                Take seat
              </button>
            </li>
          ))}
        </ul>
        <p class="spectator">
          <button type="button" id="spectate" class="secondary" disabled>
            Watch as spectator
          </button>
          {spectator && (
            <button
              type="button"
              class="secondary copy"
              data-copy={spectator.link}
              aria-label="Copy the spectator link"
            >
              Spectator link
            </button>
          )}
        </p>
      </section>
      <p>
        <a href="?private=1">New private room</a>
      </p>
      <noscript>This page needs JavaScript.</noscript>
    </>
  );
}
