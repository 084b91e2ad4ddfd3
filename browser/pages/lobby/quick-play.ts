// Quick play (workers/rooms/routes/quick-play.ts): the lobby of a game's play URL signs the user
// in like any web client, asks the rooms app for a seat in an open room and opens the game on its
// ticket. The game replaces this page in the tab's history, so Back leaves the game instead of
// landing here and being seated again.
import { QUICK_PLAY_CONFIG_ID, type QuickPlayPageConfig } from "../../../src/page-configs/quick-play";
import { byId, messageOf, pageConfig } from "../kit/page";
import { signIn, signInAgain } from "../kit/signed-in";

const config = pageConfig<QuickPlayPageConfig>(QUICK_PLAY_CONFIG_ID);
const status = byId("status");

const say = (text: string, kind: "info" | "error" = "info") => {
  status.textContent = text;
  status.dataset.kind = kind;
};

async function play(): Promise<void> {
  const idToken = await signIn(config);
  if (!idToken) return;
  say("Finding you a seat…");
  const response = await fetch(config.quickPlayUrl, {
    method: "POST",
    headers: { authorization: `Bearer ${idToken}` },
  });
  const body = (await response.json().catch(() => ({}))) as { gameUrl?: string; message?: string };
  if (response.status === 401) {
    // The ID token expired on the way: the SSO session signs the page in again.
    say("Signing in again…");
    signInAgain(config);
    return;
  }
  if (!response.ok || !body.gameUrl) throw new Error(body.message || `The rooms answered ${response.status}.`);
  say("Opening the game…");
  location.replace(body.gameUrl);
}

play().catch((error) => say(`No seat: ${messageOf(error)} Reload the page to try again.`, "error"));
