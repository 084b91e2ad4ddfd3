// Quick play (workers/rooms/routes/quick-play.ts): the lobby of a game's play link signs the user
// in like any web client, asks the rooms app for a seat in an open room and shows the game on its
// ticket in its frame (game-frame.ts), while the address bar shows the play link itself: a copied
// address leads whoever opens it through quick play, never into this seat. When every room is
// full, the page says so and offers to watch the room of the players who came before, or to wait
// in a new room for the next player, with the link to send them.
import { fill } from "../../../src/lobby/lobby-strings";
import { SPECTATOR_SEAT } from "../../../src/lobby/seat-label";
import { QUICK_PLAY_CONFIG_ID, type QuickPlayPageConfig } from "../../../src/page-configs/quick-play";
import { byId, pageConfig } from "../kit/page";
import { signIn, signInAgain } from "../kit/signed-in";
import { copyButtons } from "./copy-buttons";
import { errorText, SignInFailed } from "./failure-text";
import { showGame } from "./game-frame";
import { OneAtATime } from "./one-at-a-time";
import { callService, readSeats, type SeatTaken, ServiceError, seatsUrlOf, takeSeat } from "./seat-service";

/** Quick play's seat: the seat's answer, its room and the room's key. */
interface QuickSeat extends SeatTaken {
  roomId: string;
  key: string;
}

/** The room in play quick play answers when every room is full (`ifFull: "ask"`). */
interface FullRoom {
  roomId: string;
  key: string;
  seats: { id: string; name: string }[];
}

const config = pageConfig<QuickPlayPageConfig>(QUICK_PLAY_CONFIG_ID);
/** The page's texts, in the language the server picked for it. */
const t = config.strings;
const status = byId("status");
const again = byId("again");
const full = byId("full");
const fullHeading = byId("full-heading");
const fullText = byId("full-text");
const watch = byId("watch", HTMLButtonElement);
const wait = byId("wait", HTMLButtonElement);
const playAgain = byId("play-again", HTMLButtonElement);
let idToken: string | null = null;
let fullRoom: FullRoom | null = null;

const say = (text: string, kind: "info" | "error" = "info") => {
  status.textContent = text;
  status.dataset.kind = kind;
};

const token = () => idToken ?? "";

/** Asks quick play for a seat; with `ask`, a full house answers the room in play instead of a new room. */
async function quickPlay(ifFull: "ask" | "new_room"): Promise<void> {
  say(t.finding);
  const answer = await callService<QuickSeat | { full: FullRoom }>(config.quickPlayUrl, token(), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ifFull }),
  });
  if ("full" in answer) return offerFullRoom(answer.full);
  play(answer.roomId, answer.key, answer);
}

function play(roomId: string, key: string, seat: SeatTaken): void {
  const seatsUrl = seatsUrlOf(config.lobbyUrl, roomId);
  say("");
  full.hidden = true;
  again.hidden = true;
  showGame({
    seat,
    address: config.address,
    shareUrl: config.playUrl,
    strings: t,
    renew: async () => {
      try {
        return (await takeSeat(seatsUrl, token(), key, seat.seatId)).ticket;
      } catch (error) {
        if (error instanceof ServiceError && error.status === 401) signInAgain(config);
        throw error;
      }
    },
    seats: () => readSeats(seatsUrl, token(), key),
    left: () => {
      say(t.leftGame);
      again.hidden = false;
      playAgain.focus();
    },
  });
}

/** Every room is full: the players who came before are playing. Watch them, or wait for the next player. */
function offerFullRoom(room: FullRoom): void {
  fullRoom = room;
  say("");
  const count = room.seats.length;
  fullText.textContent = count === 2 ? t.fullBoth : fill(t.fullAll, { count });
  full.hidden = false;
  again.hidden = true;
  fullHeading.focus();
}

const calls = new OneAtATime({
  signInAgain() {
    say(t.signingInAgain);
    signInAgain(config);
  },
  failed(error) {
    say(fill(t.noSeat, { reason: errorText(t, error) }), "error");
  },
});
const run = (work: () => Promise<void>) => calls.run(work);

watch.addEventListener("click", () =>
  run(async () => {
    const room = fullRoom;
    if (!room) return;
    say(t.openingTheirGame);
    const seat = await takeSeat(seatsUrlOf(config.lobbyUrl, room.roomId), token(), room.key, SPECTATOR_SEAT);
    play(room.roomId, room.key, seat);
  }),
);
wait.addEventListener("click", () => run(() => quickPlay("new_room")));
playAgain.addEventListener("click", () => run(() => quickPlay("ask")));
copyButtons(say, t);

void run(async () => {
  idToken = await signIn(config).catch(() => {
    throw new SignInFailed();
  });
  if (!idToken) return;
  await quickPlay("ask");
});
