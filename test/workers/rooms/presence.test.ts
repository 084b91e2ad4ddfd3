import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { connect, publish, ROSTER, roomStub, type TestClient } from "./support";

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
