import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { vi } from "vitest";
import { CHANNEL_TAG } from "../../../durable-objects/room/channel-dock";
import type { Room } from "../../../durable-objects/room/room";
import { RoomStorage, WRITE_DELAY_MS } from "../../../durable-objects/room/room-storage";
import { codeKeys } from "../../../src/publishing/code-keys";
import { SEAT_GRACE_MS } from "../../../src/room-core/seat-grace";
import type { ConnectionInfo, RoomRecord } from "../../../src/room-core/types";
import ticTacToeSource from "../../../tools/cli/templates/js/turn-based/logic.js?raw";
import counterSource from "../../fixtures/counter.logic.js?raw";
import egressSource from "../../fixtures/egress.logic.js?raw";
import hangSource from "../../fixtures/hang.logic.js?raw";
import jsonSource from "../../fixtures/json.logic.js?raw";
import leakySource from "../../fixtures/leaky.logic.js?raw";
import liarSource from "../../fixtures/liar.logic.js?raw";
import listenerSource from "../../fixtures/listener.logic.js?raw";
import slowSource from "../../fixtures/slow.logic.js?raw";
import tickerSource from "../../fixtures/ticker.logic.js?raw";

export const FIXTURES = {
  counter: counterSource,
  ticker: tickerSource,
  egress: egressSource,
  slow: slowSource,
  ticTacToe: ticTacToeSource,
  json: jsonSource,
  hang: hangSource,
  liar: liarSource,
  leaky: leakySource,
  listener: listenerSource,
};
export const ROSTER = JSON.stringify([
  { id: "alice", role: "a" },
  { id: "bob", role: "b" },
]);
export const ROOMS = "http://localhost:8787/rooms";

let revisionCounter = 0;

/** Publishes a fixture as a fresh revision's logic.js and returns the revision id. */
export async function publish(fixture: keyof typeof FIXTURES): Promise<string> {
  const revisionId = `rev-${fixture}-${++revisionCounter}-${Date.now()}`;
  await env.CODE.put(codeKeys.logic(revisionId), FIXTURES[fixture]);
  return revisionId;
}

export type Frame = { type: string; [key: string]: any };

/** A connected test client: every frame it receives, and a way to wait for the next matching one. */
export class TestClient {
  readonly frames: Frame[] = [];
  private readonly waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void; from: number }[] = [];
  closed: { code: number; reason: string } | null = null;
  private readonly closing: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    this.closing = new Promise((resolve) =>
      ws.addEventListener("close", (e) => resolve({ code: e.code, reason: e.reason })),
    );
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(event.data as string) as Frame;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
    });
  }

  /** The first frame of `type` (matching `where`) received after `since` frames, waiting for it. */
  next(type: string, where: (f: Frame) => boolean = () => true, since = this.frames.length): Promise<Frame> {
    const match = (f: Frame) => f.type === type && where(f);
    const seen = this.frames.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${type} frame within 5 s; got ${this.frames.map((f) => f.type).join(", ")}`)),
        5_000,
      );
      this.waiters.push({
        match,
        from: since,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
  }

  send(message: unknown) {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** Sends an action and waits for its own result or error. */
  async act(action: string, payload: unknown, seq: number): Promise<Frame> {
    const since = this.frames.length;
    this.send({ type: "__action", action, payload, seq });
    return Promise.race([
      this.next("__action_result", (f) => f.ack === seq, since),
      this.next("__action_error", (f) => f.seq === seq, since),
    ]);
  }

  /** Waits for the room to close this socket. */
  whenClosed(): Promise<{ code: number; reason: string }> {
    return this.closing;
  }

  /**
   * A round trip through the room (__request_state): every frame the room sent this socket before
   * handling it has arrived when this resolves. Resolves with the fresh __state.
   */
  async roundTrip(): Promise<Frame> {
    const since = this.frames.length;
    this.send({ type: "__request_state" });
    return this.next("__state", () => true, since);
  }

  ofType(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  close() {
    this.ws.close(1000, "bye");
  }
}

export function socketUrl(revisionId: string, roomId: string, query: Record<string, string>): string {
  return `${ROOMS}/ws/games/${revisionId}/${roomId}?${new URLSearchParams(query)}`;
}

export async function connect(revisionId: string, roomId: string, query: Record<string, string>): Promise<TestClient> {
  const res = await exports.default.fetch(socketUrl(revisionId, roomId, query), { headers: { Upgrade: "websocket" } });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  res.webSocket.accept();
  return new TestClient(res.webSocket);
}

/** Alice and Bob in a started room. */
export async function twoPlayers(fixture: keyof typeof FIXTURES = "counter") {
  const revisionId = await publish(fixture);
  const roomId = `room-${crypto.randomUUID()}`;
  const alice = await connect(revisionId, roomId, { seatId: "alice", nickname: "Alice", players: ROSTER });
  await alice.next("__game_start");
  const bob = await connect(revisionId, roomId, { seatId: "bob", nickname: "Bob", players: ROSTER });
  await bob.next("__state");
  return { revisionId, roomId, alice, bob, stub: roomStub(revisionId, roomId) };
}

export function roomStub(revisionId: string, roomId: string) {
  return env.ROOM.get(env.ROOM.idFromName(`${revisionId}/${roomId}`));
}

/** The room record as it is in storage now. */
export function storedRecord(stub: DurableObjectStub<Room>): Promise<RoomRecord | undefined> {
  return runInDurableObject(stub, (_room: Room, state) => RoomStorage.read(state.storage));
}

/** Waits (up to 5 s) for the storage write that makes the stored record satisfy `ready`, and returns it. */
export function storedWhen(stub: DurableObjectStub<Room>, ready: (record: RoomRecord) => boolean) {
  return vi.waitFor(
    async () => {
      const record = await storedRecord(stub);
      if (!record || !ready(record)) throw new Error("the stored record never got there");
      return record;
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** Waits (up to 5 s) until the room's figures satisfy `ready` (a close it has handled, say). */
export function statsWhen(
  stub: DurableObjectStub<Room>,
  ready: (stats: Awaited<ReturnType<Room["stats"]>>) => boolean,
) {
  return vi.waitFor(
    async () => {
      const stats = await stub.stats();
      if (!ready(stats)) throw new Error(`the room never got there: ${JSON.stringify(stats)}`);
      return stats;
    },
    { timeout: 5_000, interval: 20 },
  );
}

/**
 * Stops the room core's clock at the real time now plus `aheadMs` (game time, frame budgets, seat
 * graces read it), so that a test counts frames and answers rather than milliseconds.
 */
export function stopRoomClock(stub: DurableObjectStub<Room>, aheadMs = 0): Promise<number> {
  return runInDurableObject(stub, (room: Room) => {
    const at = Date.now() + aheadMs;
    room.clock = () => at;
    return at;
  });
}

/** Moves the room core's clock `aheadMs` ahead of real time, and keeps it running. */
export function moveRoomClock(stub: DurableObjectStub<Room>, aheadMs: number): Promise<void> {
  return runInDurableObject(stub, (room: Room) => {
    room.clock = () => Date.now() + aheadMs;
  });
}

/** Moves the clock of the room's channel into the sandbox (its lifetime, its calls' deadline) `aheadMs` ahead of real time. */
export function moveChannelClock(stub: DurableObjectStub<Room>, aheadMs: number): Promise<void> {
  return runInDurableObject(stub, (room: Room) => {
    room.channelClock = () => Date.now() + aheadMs;
  });
}

/**
 * Lets the grace of every seat whose last connection closed run out: the room core's clock moves
 * SEAT_GRACE_MS ahead and the room's alarm runs, which takes those seats offline.
 */
export async function endGraces(stub: DurableObjectStub<Room>): Promise<void> {
  await moveRoomClock(stub, SEAT_GRACE_MS);
  await runDurableObjectAlarm(stub);
}

/**
 * Hibernates the room with its sockets open, as the runtime does with an idle room: its channel
 * into the sandbox is a hibernatable socket too, and hibernates with them. An alarm due within
 * WRITE_DELAY_MS (a batched write's reservation) runs first: the runtime hibernates a room only
 * after seconds without an event.
 */
export async function hibernate(stub: DurableObjectStub<Room>): Promise<void> {
  const alarm = await alarmOf(stub);
  if (alarm !== null && alarm <= Date.now() + WRITE_DELAY_MS) await runDurableObjectAlarm(stub);
  await evictDurableObject(stub);
}

/**
 * Restarts the room as a crash would: the object is aborted, its memory (a batched write still
 * waiting) and its sockets (the channel into the sandbox among them) are gone, and the next
 * request starts it from storage.
 * Returns a new stub: the old one stays broken.
 */
export async function restart(stub: DurableObjectStub<Room>, revisionId: string, roomId: string) {
  const aborted = await runInDurableObject(stub, (_room: Room, state) => state.abort("restart")).then(
    () => false,
    () => true,
  );
  if (!aborted) throw new Error("the room did not restart");
  return roomStub(revisionId, roomId);
}

/** The room's alarm as stored now (null: none). */
export function alarmOf(stub: DurableObjectStub<Room>): Promise<number | null> {
  return runInDurableObject(stub, (_room: Room, state) => state.storage.getAlarm());
}

/** The room's sockets that are connections: all but its channels into the sandbox. */
export function connectionSockets(state: DurableObjectState): WebSocket[] {
  return state.getWebSockets().filter((ws) => !state.getTags(ws).includes(CHANNEL_TAG));
}

/** How many channels into the sandbox the room holds open (hibernatable sockets tagged CHANNEL_TAG). */
export function openChannelCount(stub: DurableObjectStub<Room>): Promise<number> {
  return runInDurableObject(
    stub,
    (_room: Room, state) => state.getWebSockets(CHANNEL_TAG).filter((ws) => ws.readyState === WebSocket.OPEN).length,
  );
}

/** The server side of `playerId`'s socket, inside the room. */
export function socketOf(state: DurableObjectState, playerId: string): WebSocket {
  const ws = connectionSockets(state).find((w) => (w.deserializeAttachment() as ConnectionInfo).playerId === playerId);
  if (!ws) throw new Error(`no socket of ${playerId}`);
  return ws;
}
