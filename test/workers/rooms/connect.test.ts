import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { PING_FRAME } from "../../../src/engine/protocol";
import { codeKeys } from "../../../src/publishing/code-keys";
import { FRAME_BUDGET } from "../../../src/room-core/frame-budget";
import {
  connect,
  connectionSockets,
  endGraces,
  publish,
  ROSTER,
  roomStub,
  socketOf,
  socketUrl,
  twoPlayers,
} from "./support";

describe("GET /ws/games/{revisionId}/{roomId}", () => {
  it("upgrades, starts the game on the first connection with a roster, and sends __state then __game_start", async () => {
    const revisionId = await publish("counter");
    const alice = await connect(revisionId, "r1", { seatId: "alice", players: ROSTER });
    const start = await alice.next("__game_start");
    expect(start).toMatchObject({
      state: { count: 0, seats: ["alice", "bob"] },
      players: [{ id: "alice" }, { id: "bob" }],
      gameTime: 0,
    });
    expect(typeof start.seed).toBe("number");
    expect(alice.frames[0]?.type).toBe("__state");
    expect(await roomStub(revisionId, "r1").stats()).toMatchObject({ connections: 1, started: true });
  });

  it("answers 404 when the revision has no logic.js", async () => {
    const res = await exports.default.fetch(socketUrl("rev-unpublished", "r1", { seatId: "alice" }), {
      headers: { Upgrade: "websocket" },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "logic_not_found" });
  });

  it("tells the client when the revision's logic.js cannot be loaded, without crashing the room", async () => {
    const revisionId = `rev-broken-${Date.now()}`;
    await env.CODE.put(codeKeys.logic(revisionId), "export default {");
    const alice = await connect(revisionId, "r1", { seatId: "alice", players: ROSTER });
    const error = await alice.next("__action_error");
    expect(error).toMatchObject({ code: "setup_failed", seq: null });
    expect(error.error).toContain("SyntaxError");
    const bob = await connect(revisionId, "r1", { seatId: "bob" });
    expect(await bob.next("__action_error")).toMatchObject({ code: "setup_failed" });
    expect((await roomStub(revisionId, "r1").stats()).connections).toBe(2);
  });

  it("answers 426 to a request that is not a WebSocket upgrade", async () => {
    const revisionId = await publish("counter");
    const res = await exports.default.fetch(socketUrl(revisionId, "r1", { seatId: "alice" }));
    expect(res.status).toBe(426);
    expect(await res.json()).toMatchObject({ error: "upgrade_required" });
  });

  it.each([
    ["a room id with a slash-like trick", "rooms/ws/games/rev/..%2Fx?seatId=a", "invalid_room"],
    ["a missing seatId", "rooms/ws/games/rev/r1", "invalid_query"],
    ["players that are not JSON", "rooms/ws/games/rev/r1?seatId=a&players=%5Bnope", "invalid_players"],
    [
      "players with duplicate seats",
      "rooms/ws/games/rev/r1?seatId=a&players=%5B%22a%22%2C%22a%22%5D",
      "invalid_players",
    ],
    ["monitor other than 0 or 1", "rooms/ws/games/rev/r1?seatId=a&monitor=yes", "invalid_query"],
  ])("answers 400 to %s", async (_, path, code) => {
    const res = await exports.default.fetch(`http://localhost:8787/${path}`, { headers: { Upgrade: "websocket" } });
    expect(res.status).toBe(400);
    const body = await res.json<{ error: string; message: string }>();
    expect(body.error).toBe(code);
    expect(body.message.length).toBeGreaterThan(5);
  });

  it("answers the SDK's exact heartbeat frame by the runtime's auto-response, not the room's code", async () => {
    const { alice, stub } = await twoPlayers();
    const autoReplyOfAlice = () =>
      runInDurableObject(stub, (_room: Room, state) =>
        state.getWebSocketAutoResponseTimestamp(socketOf(state, "alice")),
      );
    expect(await autoReplyOfAlice()).toBeNull();
    alice.send(PING_FRAME);
    expect(await alice.next("__pong")).toEqual({ type: "__pong" });
    expect(await autoReplyOfAlice()).toBeInstanceOf(Date);
  });

  it("sends presence to everyone: seats online, observers counted, monitors not", async () => {
    const { revisionId, roomId, alice } = await twoPlayers();
    await connect(revisionId, roomId, { seatId: "venue-screen", monitor: "1" });
    const since = alice.frames.length;
    await connect(revisionId, roomId, { seatId: "spectator-1" });
    const presence = await alice.next("__platform", (f) => f.message.payload.observers.count === 1, since);
    expect(
      presence.message.payload.seats.map((s: { seatId: string; online: boolean }) => [s.seatId, s.online]),
    ).toEqual([
      ["alice", true],
      ["bob", true],
    ]);
    expect(typeof presence.message.payload.serverNow).toBe("number");
  });

  it("takes a seat offline once its grace after its last connection closed is over, and counts only open sockets", async () => {
    const { alice, bob, stub } = await twoPlayers();
    const since = alice.frames.length;
    bob.close();
    const left = await alice.next("__platform", (f) => f.message.payload.seats[1].connections === 0, since);
    expect(left.message.payload.seats[1]).toMatchObject({ seatId: "bob", online: true });
    expect((await stub.stats()).connections).toBe(1);
    await endGraces(stub);
    const presence = await alice.next("__platform", (f) => f.message.payload.seats[1].online === false, since);
    expect(presence.message.payload.seats[1]).toMatchObject({ seatId: "bob", online: false, connections: 0 });
  });

  it("counts only sockets in OPEN state: one the room is closing no longer counts", async () => {
    const { stub } = await twoPlayers();
    const seen = await runInDurableObject(stub, async (room: Room, state) => {
      const bob = socketOf(state, "bob");
      bob.close(1000, "closing");
      return {
        readyState: bob.readyState,
        listed: connectionSockets(state).length,
        counted: (await room.stats()).connections,
      };
    });
    expect(seen).toEqual({ readyState: WebSocket.CLOSING, listed: 2, counted: 1 });
  });

  it("keeps the pinned roster: a differing one is not refused, the seat becomes a quiet observer", async () => {
    const { revisionId, roomId } = await twoPlayers();
    const other = await connect(revisionId, roomId, { seatId: "bob", players: JSON.stringify(["bob", "carol"]) });
    const state = await other.next("__state");
    expect(state.you).toMatchObject({ seatId: "bob", observer: true });
    expect(state.players).toEqual([
      { id: "alice", role: "a" },
      { id: "bob", role: "b" },
    ]);
    const refused = await other.act("add", { n: 1 }, 1);
    expect(refused).toMatchObject({ type: "__action_error", code: "not_a_player" });
  });

  it("keeps at most 32 frames of one client waiting while the sandbox is busy: excess refused, the other player's actions still run", async () => {
    const { alice, bob } = await twoPlayers("slow");
    // As many as the seat's frame budget lets through at once (flood.test.ts: what is over it).
    const sent = FRAME_BUDGET.burst;
    for (let seq = 1; seq <= sent; seq++) alice.send({ type: "__action", action: "slow", payload: { ms: 2 }, seq });
    expect(await bob.act("slow", { ms: 0 }, 1)).toMatchObject({ type: "__action_result" });
    // Every action is answered: by its result, or refused at once with too_many_pending.
    const answers = await Promise.all(
      Array.from({ length: sent }, (_, i) =>
        Promise.race([
          alice.next("__action_result", (f) => f.ack === i + 1, 0),
          alice.next("__action_error", (f) => f.seq === i + 1, 0),
        ]),
      ),
    );
    const refused = answers.filter((f) => f.type === "__action_error");
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((f) => f.code === "too_many_pending")).toBe(true);
    expect(answers.length - refused.length).toBeGreaterThanOrEqual(32);
  });

  it("survives garbage: bad frames get __action_error, the other connections carry on", async () => {
    const { alice, bob } = await twoPlayers();
    alice.send("not json at all");
    expect(await alice.next("__action_error")).toMatchObject({ code: "invalid_json", seq: null });
    alice.send({ type: "__action", action: ["x"], seq: 4 });
    expect(await alice.next("__action_error", (f) => f.seq === 4)).toMatchObject({ code: "invalid_message" });
    alice.send({ type: "__from_the_future" });
    // An unknown type is ignored (a newer client): no error, the socket stays, the room carries on.
    const since = alice.frames.length;
    await alice.roundTrip();
    expect(alice.frames.slice(since).map((f) => f.type)).toEqual(["__state"]);
    expect(await bob.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", state: { count: 2 } });
  });
});
