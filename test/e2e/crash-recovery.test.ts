/**
 * Issue 22, part 3: the local runtime dies mid-game (SIGKILL to wrangler dev and workerd) and
 * starts again on the same local state. Rooms resume from storage, losing at most the last write
 * window (document 3: state writes at most 500 ms apart), every SDK client reconnects by itself
 * and converges, each action in flight is applied once or reported lost, and the payment
 * stand-in's queued webhooks cross the restart and credit each purchase once. Figures: docs/faults.md.
 */
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { putLocalR2Object } from "../../tools/local-platform/local-r2.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { MarkingPlayer, type SeatMarks } from "./support/marking-player.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import {
  deliverySettings,
  me,
  openCheckout,
  pay,
  sessionStatus,
  signedInBuyer,
  standInEvents,
} from "./support/stand-in-purchases.ts";

// Port 8822 belongs to this test.
const PORT = testPort(8822);
const REVISION = "crash-marks";
const ROOMS = ["crash-a", "crash-b", "crash-c"];
const ROSTER = [{ id: "p1" }, { id: "p2" }];
/** Marks each player has acknowledged before the checkpoint: a write of its room seen to land. */
const CHECKPOINT_MARKS = 20;
/** Marks each player makes after the restart, to show the game goes on. */
const MARKS_AFTER_RESTART = 10;
/** Purchases paid just before the kill; the stand-in sends their events this long after, so after the restart. */
const PURCHASES = 4;
const WEBHOOK_DELAY_MS = 6_000;
const COINS_PER_PURCHASE = 100;

type Platform = RunningWorker & { stateDir: string; secrets: Record<string, string> };
let platform: Platform;
let players: MarkingPlayer[] = [];

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  const logic = path.resolve(import.meta.dirname, "../fixtures/marks.logic.js");
  await putLocalR2Object(platform.stateDir, `platform-code/${REVISION}/logic.js`, logic);
});

afterAll(async () => {
  for (const player of players) player.session.close();
  await platform?.stop();
});

async function roomStats(roomId: string): Promise<{ storageWrites: number }> {
  const response = await fetch(`${platform.url}/rooms/dev/rooms/${REVISION}/${roomId}/stats`);
  return (await response.json()) as { storageWrites: number };
}

/** The room's state as a new connection (a monitor, outside presence) receives it. */
function roomState(roomId: string): Promise<unknown> {
  const url = `${platform.url.replace("http", "ws")}/rooms/ws/games/${REVISION}/${roomId}?seatId=judge&monitor=1`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type !== "__state") return;
      socket.close();
      resolve(frame.state);
    });
    socket.addEventListener("error", () => reject(new Error(`no state from ${roomId}`)));
  });
}

/** Every mark in the seat's gaps: sent, but not in the state. */
function missingMarks(marks: SeatMarks): number[] {
  return marks.gaps.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

describe("a crash of the local runtime mid-game", () => {
  it("rooms resume from storage, clients reconnect and converge, and purchases are credited once", async () => {
    const url = platform.url;
    players = ROOMS.flatMap((roomId) =>
      ROSTER.map(({ id }) => new MarkingPlayer(`${url}/rooms`, REVISION, roomId, id, ROSTER)),
    );
    const buyer = await signedInBuyer(url);
    const balanceBefore = (await me(url, buyer.idToken)).balance;
    const sessions = await Promise.all(
      Array.from({ length: PURCHASES }, () => openCheckout(url, platform.secrets.STRIPE_SECRET_KEY ?? "", buyer)),
    );
    await deliverySettings(url, { mode: "immediate", delayMs: WEBHOOK_DELAY_MS });

    await Promise.all(players.map((player) => player.until(() => player.session.started)));
    for (const player of players) player.start();

    // Checkpoint: every player has marks acknowledged, then a write of its room lands after them.
    await Promise.all(players.map((player) => player.until(() => (player.marks?.last ?? 0) >= CHECKPOINT_MARKS)));
    const kept = new Map(players.map((player) => [player, player.marks?.last ?? 0]));
    for (const roomId of ROOMS) {
      const writes = (await roomStats(roomId)).storageWrites;
      await vi.waitFor(async () => expect((await roomStats(roomId)).storageWrites).toBeGreaterThan(writes), {
        timeout: 10_000,
        interval: 20,
      });
    }

    // Purchases whose webhooks are still queued at the stand-in, and one payment in flight, at the kill.
    const paid = await Promise.all(sessions.slice(1).map((id) => pay(url, id)));
    expect(paid.map((response) => response.status)).toEqual(paid.map(() => 200));
    const inFlight = pay(url, sessions[0] as string).catch(() => null);
    const killedAt = performance.now();
    const killedAtWall = Date.now();
    await platform.kill();
    await inFlight;
    const lastBeforeKill = new Map(players.map((player) => [player, player.sent.at(-1) ?? 0]));

    platform = await startPlatform(PORT, { resume: { stateDir: platform.stateDir, secrets: platform.secrets } });
    const readyAt = performance.now();

    // Every client reconnects by itself (the SDK's backoff) and gets the room's state back.
    await Promise.all(players.map((player) => player.until(() => player.syncedAt.length > 0)));
    const syncedAt = Math.max(...players.map((player) => player.syncedAt[0] as number));
    await Promise.all(
      players.map((player) =>
        player.until(() => (player.marks?.last ?? 0) >= (lastBeforeKill.get(player) ?? 0) + MARKS_AFTER_RESTART),
      ),
    );
    for (const player of players) player.playing = false;
    await Promise.all(players.map((player) => player.until(() => player.idle)));

    const lostWindowsMs: number[] = [];
    let lost = 0;
    for (const roomId of ROOMS) {
      const state = await roomState(roomId);
      for (const player of players.filter((p) => p.roomId === roomId)) {
        // Converged: the client shows exactly the room's state (the other seat's last result may still be on its way).
        await player.until(() => isDeepStrictEqual(player.session.state, state));
        expect(player.session.state).toEqual(state);
        const marks = player.marks as SeatMarks;
        // Never applied twice, and losses are one run at the end: never an older action.
        expect(marks.repeats).toEqual([]);
        expect(marks.gaps.length).toBeLessThanOrEqual(1);
        const missing = missingMarks(marks);
        for (const n of missing) expect(n).toBeGreaterThan(kept.get(player) ?? 0);
        // Each missing action was reported lost to its sender (or never left it); nothing held is reported.
        expect(missing.filter((n) => !player.refusedOffline.includes(n)).sort()).toEqual(
          [...player.reportedLost].sort(),
        );
        const lostHere = missing.filter((n) => !player.refusedOffline.includes(n));
        lost += lostHere.length;
        for (const n of lostHere) {
          const acked = player.ackedAt.get(n);
          if (acked !== undefined) lostWindowsMs.push(killedAt - acked);
        }
      }
    }

    // Purchases: one that never reached the stand-in is paid again; every one is credited once.
    for (const id of sessions) {
      if ((await sessionStatus(url, platform.secrets.STRIPE_SECRET_KEY ?? "", id)) === "open") {
        expect((await pay(url, id)).status).toBe(200);
      }
    }
    const expected = balanceBefore + PURCHASES * COINS_PER_PURCHASE;
    await vi.waitFor(async () => expect((await standInEvents(url)).queued).toEqual([]), {
      timeout: 30_000,
      interval: 100,
    });
    expect((await me(url, buyer.idToken)).balance).toBe(expected);
    const completions = (await standInEvents(url)).deliveries.filter(
      (delivery) => delivery.type === "checkout.session.completed" && delivery.status === 200,
    );
    // Those paid before the kill were sent from the queue after the restart.
    expect(completions.length).toBeGreaterThanOrEqual(PURCHASES - 1);
    for (const delivery of completions) expect(delivery.at).toBeGreaterThan(killedAtWall);

    console.info(
      "crash figures",
      JSON.stringify({
        rooms: ROOMS.length,
        clients: players.length,
        actionsLost: lost,
        actionsSentBeforeKill: [...lastBeforeKill.values()].reduce((sum, n) => sum + n, 0),
        oldestLostAckBeforeKillMs: Math.round(Math.max(0, ...lostWindowsMs)),
        restartMs: Math.round(readyAt - killedAt),
        allClientsInSyncAfterReadyMs: Math.round(syncedAt - readyAt),
        purchasesCreditedOnce: PURCHASES,
      }),
    );
  });
});
