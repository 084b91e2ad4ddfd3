import type { LobbyStrings } from "../../../src/lobby/lobby-strings";
import { PLAY_SANDBOX_FLAGS } from "./play-sandbox";

/**
 * Where the lobby shows the game once a seat is taken (browser/pages/lobby/game-frame.ts): a bar
 * that says who you are in the game (a player, or watching), while a seat is free the link to
 * send the next player, and the way back to the lobby; under it the game page in a frame, in the
 * sandbox of the game's files. The page's address stays the lobby's link, so the seat ticket
 * (in the frame's URL only) never sits in the address bar.
 */
export function GameSection(props: { title: string; region: string; strings: LobbyStrings }) {
  const t = props.strings;
  return (
    <section id="game" class="game" aria-label={props.region} hidden>
      <div class="game-bar">
        <p id="game-status" class="game-status" role="status" aria-live="polite" />
        <div id="game-share" class="game-share" hidden>
          <label for="game-share-link">{t.game.shareWithNext}</label>
          <div class="share">
            <input id="game-share-link" readonly value="" />
            <button type="button" class="secondary copy" data-copy="">
              {t.script.copy}
            </button>
          </div>
        </div>
        <button type="button" id="back-to-lobby" class="secondary">
          {t.game.back}
        </button>
      </div>
      <iframe id="game-frame" title={props.title} sandbox={PLAY_SANDBOX_FLAGS} />
    </section>
  );
}
