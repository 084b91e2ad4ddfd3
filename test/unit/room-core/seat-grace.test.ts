import { describe, expect, it } from "vitest";
import type { GameDefinition } from "../../../src/engine/types";
import { SEAT_GRACE_MS } from "../../../src/room-core/seat-grace";
import type { RoomOutcome } from "../../../src/room-core/types";
import { allFrames, makeRoom, only } from "./harness";

/** A game that writes down every onPresence it hears. */
const listener: GameDefinition = {
  setup: () => ({ heard: [] as string[] }),
  actions: {},
  onPresence: ({ state, seatId, online }) => {
    (state as { heard: string[] }).heard.push(`${seatId} ${online ? "on" : "off"}`);
  },
};

const seatsOf = (outcome: RoomOutcome) =>
  only(allFrames(outcome), "__platform").at(-1)?.message.payload.seats as {
    seatId: string;
    online: boolean;
    connections: number;
  }[];

/** Alice and Bob in a started room, on the core's clock. */
async function bothHere() {
  const room = makeRoom(listener);
  const alice = room.connect("alice");
  await alice.outcome;
  const bob = room.connect("bob");
  await bob.outcome;
  const heard = () => (room.core.record.state as { heard: string[] }).heard;
  return { ...room, alice: alice.info, bob: bob.info, heard };
}

describe("a seat goes offline only after its grace (document 3: 'offline (after grace)')", () => {
  it("stays online with no connection until the alarm finds its grace over; then offline, onPresence and presence to all", async () => {
    const { core, clock, bob, heard } = await bothHere();
    const left = await core.disconnect(bob.connectionId);
    expect(seatsOf(left)[1]).toEqual(expect.objectContaining({ seatId: "bob", online: true, connections: 0 }));
    expect(core.presence().online).toEqual(["alice", "bob"]);
    expect(left.nextDeadline).toBe(clock.now + SEAT_GRACE_MS);

    clock.now += SEAT_GRACE_MS - 1;
    expect(allFrames(await core.fireDeadlines())).toEqual([]);
    expect(heard()).toEqual(["alice on", "bob on"]);

    clock.now += 1;
    const over = await core.fireDeadlines();
    expect(seatsOf(over)[1]).toEqual(expect.objectContaining({ seatId: "bob", online: false }));
    expect(only(over.broadcast, "__action_result")[0]).toMatchObject({ presence: { seatId: "bob", online: false } });
    expect(heard()).toEqual(["alice on", "bob on", "bob off"]);
    expect(core.presence().online).toEqual(["alice"]);
    expect(over.nextDeadline).toBeNull();
  });

  it("a reconnect within the grace is no offline and back: no onPresence, online throughout", async () => {
    const { core, clock, bob, connect, heard } = await bothHere();
    await core.disconnect(bob.connectionId);
    clock.now += SEAT_GRACE_MS - 1;
    const back = connect("bob");
    const outcome = await back.outcome;
    expect(seatsOf(outcome)[1]).toEqual(expect.objectContaining({ seatId: "bob", online: true, connections: 1 }));
    clock.now += SEAT_GRACE_MS;
    expect(only(allFrames(await core.fireDeadlines()), "__platform")).toEqual([]);
    expect(heard()).toEqual(["alice on", "bob on"]);
    expect(core.presence().online).toEqual(["alice", "bob"]);
  });

  it("only a seat's last connection starts its grace; monitors and observers have none", async () => {
    const { core, clock, connect } = await bothHere();
    const screen = connect("alice", { monitor: true });
    await screen.outcome;
    const spectator = connect("spectator-1");
    await spectator.outcome;
    await core.disconnect(screen.info.connectionId);
    const gone = await core.disconnect(spectator.info.connectionId);
    expect(gone.nextDeadline).toBeNull();
    clock.now += SEAT_GRACE_MS;
    expect(allFrames(await core.fireDeadlines())).toEqual([]);
  });

  it("freezes the room at once when nobody is left, while the seats' graces run; the alarm still ends them", async () => {
    const { core, clock, alice, bob, heard } = await bothHere();
    await core.disconnect(bob.connectionId);
    const empty = await core.disconnect(alice.connectionId);
    expect(empty.frozen).toBe(true);
    expect(empty.persist).toBe("now");
    const frozenAt = core.gameTime();
    clock.now += SEAT_GRACE_MS;
    expect(core.gameTime()).toBe(frozenAt);
    // The room's next wake is the first grace's end, though its clock stands still.
    expect(empty.nextDeadline).toBe(clock.now);
    const over = await core.fireDeadlines();
    expect(heard()).toEqual(["alice on", "bob on", "alice off", "bob off"]);
    expect(over.persist).toBe("now");
    expect(over.nextDeadline).toBeNull();
  });

  it("replays the same: a leave, a return within the grace and a grace that ran out come out alike", async () => {
    const play = async () => {
      const { core, clock, alice, bob, connect, heard } = await bothHere();
      await core.disconnect(bob.connectionId);
      clock.now += 1_000;
      await connect("bob").outcome;
      await core.disconnect(alice.connectionId);
      clock.now += SEAT_GRACE_MS;
      await core.fireDeadlines();
      return { heard: heard(), online: core.presence().online };
    };
    const first = await play();
    expect(first).toEqual({ heard: ["alice on", "bob on", "alice off"], online: ["bob"] });
    expect(await play()).toEqual(first);
  });
});
