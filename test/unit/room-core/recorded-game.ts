import ticTacToe from "../../../examples/tic-tac-toe/src/logic.ts";
import type { Replay } from "../../../src/room-core/replay";
import { makeRoom, recordBothJoined } from "./harness";

/**
 * A game of tic-tac-toe as the room server plays it, recorded: both seats join, X plays the
 * centre, X tries again out of turn (refused), O takes a corner, X's turn timer fires, O leaves.
 */
export async function recordedGame(): Promise<Replay> {
  const room = makeRoom(ticTacToe);
  const { recorder, alice, bob } = await recordBothJoined(room);
  room.clock.now += 1_000;
  await room.send(alice, { type: "__action", action: "place", payload: { cell: 4 }, seq: 1 });
  room.clock.now += 500;
  await room.send(alice, { type: "__action", action: "place", payload: { cell: 8 }, seq: 2 });
  await room.send(bob, { type: "__action", action: "place", payload: { cell: 0 }, seq: 1 });
  room.clock.now += 25_000;
  await room.core.fireDeadlines();
  await room.core.disconnect(bob.connectionId);
  const replay = recorder.replay();
  if (!replay) throw new Error("nothing recorded");
  return replay;
}
