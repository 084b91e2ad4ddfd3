import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { operatorAudit, revisions, rooms } from "../../../src/db/backend-schema";
import { backendDb } from "../../../src/db/client";
import { CLOSE_CODES } from "../../../src/engine/protocol";
import { codeKeys } from "../../../src/publishing/code-keys";
import { connect, FIXTURES, ROSTER, socketUrl, type TestClient } from "../rooms/support";
import {
  CONSOLE,
  consoleGet,
  consolePost,
  errorCodeOf,
  type SignedInOperator,
  signedInOperator,
} from "./console-support";

// Issue 37, must 4: published revisions (scenario, publisher, when, files), their rooms with the
// seats present and the last activity; an operator pauses a room (document 3's platform pause,
// which its seats cannot lift) and closes one with a message to its seats.

const db = backendDb(env);
let operator: SignedInOperator;

beforeEach(async () => {
  operator = await signedInOperator();
});

/** A published revision of the counter game, its files in CODE, by a publisher of its own. */
async function publishedRevision() {
  const id = `rev-console-${crypto.randomUUID()}`;
  const publisher = `publisher-${crypto.randomUUID().slice(0, 8)}`;
  await env.CODE.put(codeKeys.logic(id), FIXTURES.counter);
  await env.CODE.put(codeKeys.clientFile(id, "files1", "index.html"), "<!doctype html><title>counter</title>");
  await db.insert(revisions).values({
    id,
    scenarioId: `counter-${id.slice(-6)}`,
    uploaderUid: publisher,
    name: "Counter",
    playerCount: 2,
    hasLogic: true,
    clientZipBytes: 321,
    logicBytes: FIXTURES.counter.length,
    createdAt: new Date(),
    clientFiles: "files1",
  });
  return { id, publisher };
}

/** A room of the revision the backend recorded (as POST /rooms does), with Alice and Bob in it. */
async function playedRoom(revisionId: string) {
  const roomId = `app-room-${crypto.randomUUID().slice(0, 8)}`;
  await db.insert(rooms).values({
    revisionId,
    roomId,
    players: JSON.parse(ROSTER),
    creatorUid: "app-user",
    lobby: false,
    createdAt: new Date(),
  });
  const alice = await connect(revisionId, roomId, { seatId: "alice", nickname: "Alice", players: ROSTER });
  await alice.next("__game_start");
  const bob = await connect(revisionId, roomId, { seatId: "bob", nickname: "Bob", players: ROSTER });
  await bob.next("__state");
  return { roomId, alice, bob };
}

async function revisionPage(revisionId: string): Promise<string> {
  const res = await consoleGet(`/rooms/${revisionId}`, operator.cookie);
  expect(res.status).toBe(200);
  return res.text();
}

const pause = (revisionId: string, room: string, on: boolean, reason = "stuck game, investigating") =>
  consolePost(`/rooms/${revisionId}/pause`, operator, { room, pause: on ? "1" : "0", reason });

const frozenFrame = (client: TestClient, frozen: boolean, since: number) =>
  client.next("__pause_state", (frame) => frame.frozen === frozen, since);

describe("revisions and their rooms", () => {
  it("the list: scenario, publisher, when, files; the revision: its files and rooms with seats present and last activity", async () => {
    const { id, publisher } = await publishedRevision();
    const { roomId } = await playedRoom(id);
    const list = await (await consoleGet("/rooms", operator.cookie)).text();
    expect(list).toContain(`href="${CONSOLE}/rooms/${id}"`);
    expect(list).toContain(`href="${CONSOLE}/users/${publisher}"`);
    expect(list).toContain("client zip 321 bytes");
    const page = await revisionPage(id);
    expect(page).toContain('<code class="id">logic.js</code>');
    expect(page).toContain('<code class="id">index.html</code>');
    expect(page).toContain(roomId);
    expect(page).toContain("open, running");
    expect(page).toContain("2 of 2 (alice, bob); 2 connections");
    expect(page).toMatch(new RegExp(`${roomId}.*?<time datetime="[^"]+">[^<]+</time></td></tr>`, "s"));
  });
});

describe("pausing a room", () => {
  it("holds the game for every seat; a seat cannot lift it; the operator can; each step on the trail", async () => {
    const { id } = await publishedRevision();
    const { roomId, alice, bob } = await playedRoom(id);
    let since = alice.frames.length;
    const paused = await pause(id, roomId, true);
    expect(paused.status).toBe(303);
    expect(paused.headers.get("location")).toBe(`${CONSOLE}/rooms/${id}?done=room_paused`);
    expect(await frozenFrame(alice, true, since)).toMatchObject({ by: "operator" });
    await frozenFrame(bob, true, 0);
    expect(await revisionPage(id)).toContain("paused by an operator");

    // Bob's platform resume changes nothing.
    since = alice.frames.length;
    bob.send({ type: "__platform", message: { type: "pause.resume" } });
    bob.send({ type: "__resume" });
    await bob.roundTrip();
    await alice.roundTrip();
    expect(alice.frames.slice(since).filter((frame) => frame.type === "__pause_state")).toEqual([]);
    expect((await alice.act("add", { n: 1 }, 1)).type).toBe("__action_result");

    since = alice.frames.length;
    expect((await pause(id, roomId, false, "resolved")).status).toBe(303);
    expect(await frozenFrame(alice, false, since)).toMatchObject({ frozen: false });
    const trail = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `${id}/${roomId}`));
    expect(trail.map((entry) => [entry.action, entry.outcome, entry.reason])).toEqual([
      ["pause_room", "started", "stuck game, investigating"],
      ["pause_room", "done", "stuck game, investigating"],
      ["resume_room", "started", "resolved"],
      ["resume_room", "done", "resolved"],
    ]);
  });

  it("without a reason: 400 reason_required, the room runs on", async () => {
    const { id } = await publishedRevision();
    const { roomId, alice } = await playedRoom(id);
    const res = await consolePost(`/rooms/${id}/pause`, operator, { room: roomId, pause: "1" });
    expect(res.status).toBe(400);
    expect(await errorCodeOf(res)).toBe("reason_required");
    await alice.roundTrip();
    expect(alice.ofType("__pause_state").filter((frame) => frame.by === "operator")).toEqual([]);
  });

  it("a room no connection ever reached: 404 room_not_found, and the trail says it failed", async () => {
    const { id } = await publishedRevision();
    const res = await pause(id, "never-opened", true);
    expect(res.status).toBe(404);
    const trail = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `${id}/never-opened`));
    expect(trail.map((entry) => entry.outcome)).toEqual(["started", "failed"]);
    expect(trail[1]?.detail).toEqual({ error: "room_not_found" });
  });
});

describe("closing a room", () => {
  it("its seats get the message, their sockets close with 4001, and the room takes no connection again", async () => {
    const { id } = await publishedRevision();
    const { roomId, alice, bob } = await playedRoom(id);
    const res = await consolePost(`/rooms/${id}/close`, operator, {
      room: roomId,
      message: "This room was closed for abuse.",
      reason: "harassment reported by bob",
    });
    expect(res.status).toBe(303);
    for (const seat of [alice, bob]) {
      const frame = await seat.next("__platform", (f) => f.message?.type === "room.closed", 0);
      expect(frame.message.payload).toEqual({ message: "This room was closed for abuse." });
      expect((await seat.whenClosed()).code).toBe(CLOSE_CODES.roomClosed);
    }
    const again = await exports.default.fetch(socketUrl(id, roomId, { seatId: "alice", players: ROSTER }), {
      headers: { Upgrade: "websocket" },
    });
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ error: "room_closed" });
    expect(await revisionPage(id)).toContain("closed: This room was closed for abuse.");
    const [started] = await db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `${id}/${roomId}`));
    expect(started).toMatchObject({
      action: "close_room",
      reason: "harassment reported by bob",
      detail: { message: "This room was closed for abuse." },
    });
  });

  it("without a message to the seats: 400, the room stays open", async () => {
    const { id } = await publishedRevision();
    const { roomId, alice } = await playedRoom(id);
    const res = await consolePost(`/rooms/${id}/close`, operator, { room: roomId, reason: "abuse" });
    expect(res.status).toBe(400);
    expect(await errorCodeOf(res)).toBe("invalid_form");
    expect((await alice.act("add", { n: 1 }, 1)).type).toBe("__action_result");
  });
});
