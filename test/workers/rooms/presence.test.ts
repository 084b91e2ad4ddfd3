import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { connect, endGraces, publish, ROSTER, roomStub, type TestClient, twoPlayers } from "./support";

/** Moves the room's clock `ms` ahead of real time (game time follows it while the room runs). */
function runClockAhead(stub: DurableObjectStub<Room>, ms: number) {
  return runInDurableObject(stub, (room: Room) => {
    room.clock = () => Date.now() + ms;
  });
}

const timeouts = (client: TestClient) =>
  client.ofType("__action_result").flatMap((f) => f.events.filter((e: { name: string }) => e.name === "timeout"));

describe("no clock runs against an empty seat (tic-tac-toe in a Room)", () => {
  it("one seat alone for 30 s of game time gets no turn timer and no time-out; the timer starts when the other joins", async () => {
    const revisionId = await publish("ticTacToe");
    const roomId = `room-${crypto.randomUUID()}`;
    const stub = roomStub(revisionId, roomId);
    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    expect((await alice.next("__game_start")).state).toMatchObject({ everyoneJoined: false, turnEndsAt: null });

    await runClockAhead(stub, 30_000);
    await runDurableObjectAlarm(stub);
    const alone = await alice.roundTrip();
    expect(alone.gameTime).toBeGreaterThanOrEqual(30_000);
    expect(alone.state).toMatchObject({ everyoneJoined: false, turnEndsAt: null, timeouts: 0, turn: "X" });
    expect(timeouts(alice)).toEqual([]);

    const bob = await connect(revisionId, roomId, { seatId: "bob", players: ROSTER });
    const joined = await alice.next("__action_result", (f) => f.presence?.seatId === "bob", 0);
    expect(joined.state.everyoneJoined).toBe(true);
    // X's 20 s start when Bob joins, at 30 s of game time or later, not at the start of the room.
    expect(joined.state.turnEndsAt).toBeGreaterThanOrEqual(30_000 + 20_000);
    expect(joined.state.turnEndsAt).toBeLessThanOrEqual(joined.gameTime + 20_000);

    await runClockAhead(stub, 30_000 + 20_000);
    await runDurableObjectAlarm(stub);
    expect((await bob.next("__action_result", (f) => f.deadline === "turnTimer", 0)).events).toEqual([
      { name: "timeout", data: { mark: "X" } },
    ]);
  });

  it("a spectator alone starts the game but no turn timer", async () => {
    const revisionId = await publish("ticTacToe");
    const roomId = `room-${crypto.randomUUID()}`;
    const stub = roomStub(revisionId, roomId);
    const spectator = await connect(revisionId, roomId, { seatId: "spectator-1", players: ROSTER });
    await spectator.next("__game_start");
    await runClockAhead(stub, 30_000);
    await runDurableObjectAlarm(stub);
    const state = await spectator.roundTrip();
    expect(state.state).toMatchObject({ everyoneJoined: false, turnEndsAt: null, timeouts: 0 });
    expect(timeouts(spectator)).toEqual([]);
  });
});

describe("a seat's grace after its last connection closed (document 3: offline after grace)", () => {
  const bobOffline = (client: TestClient, since: number) =>
    client.frames.slice(since).filter((f) => f.type === "__platform" && f.message.payload.seats[1].online === false);

  it("a reconnect within the grace is no offline and back: no presence without Bob, no onPresence", async () => {
    const { revisionId, roomId, alice, bob, stub } = await twoPlayers("listener");
    const since = alice.frames.length;
    bob.close();
    await alice.next("__platform", (f) => f.message.payload.seats[1].connections === 0, since);
    const back = await connect(revisionId, roomId, { seatId: "bob", players: ROSTER });
    await alice.next("__platform", (f) => f.message.payload.seats[1].connections === 1, since);
    // The grace would have run out by now: the room's alarm finds nothing to end.
    await endGraces(stub);
    expect((await alice.roundTrip()).state.heard).toEqual(["alice on", "bob on"]);
    expect(bobOffline(alice, since)).toEqual([]);
    expect(await back.act("noop", {}, 1)).toMatchObject({ type: "__action_result" });
  });

  it("a seat whose grace runs out goes offline at the room's alarm: onPresence and presence to the others", async () => {
    const { alice, bob, stub } = await twoPlayers("listener");
    const since = alice.frames.length;
    bob.close();
    await alice.next("__platform", (f) => f.message.payload.seats[1].connections === 0, since);
    expect(bobOffline(alice, since)).toEqual([]);
    await endGraces(stub);
    const heard = await alice.next("__action_result", (f) => f.presence?.online === false, since);
    expect(heard).toMatchObject({ presence: { seatId: "bob", online: false } });
    expect(heard.state.heard).toEqual(["alice on", "bob on", "bob off"]);
    expect(await alice.next("__platform", (f) => f.message.payload.seats[1].online === false, since)).toBeTruthy();
  });
});
