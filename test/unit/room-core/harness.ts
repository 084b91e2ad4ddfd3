import type { LogicRunner } from "../../../src/engine/logic-runner";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import { parseClientFrame } from "../../../src/engine/parse-frame";
import type { GameDefinition, Seat } from "../../../src/engine/types";
import { ReplayRecorder } from "../../../src/room-core/replay-recorder";
import { newRoomRecord, RoomCore } from "../../../src/room-core/room-core";
import type { ConnectionInfo, RoomOutcome, RoomRecord } from "../../../src/room-core/types";

export const ROSTER: Seat[] = [
  { id: "alice", role: "detective" },
  { id: "bob", role: "suspect" },
];

/** A room core on a fake clock, with helpers to connect seats and read frames. */
export function makeRoom(game: GameDefinition, record?: RoomRecord, runner: LogicRunner = new LocalLogicRunner(game)) {
  const clock = { now: 1_000_000 };
  const logs: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const core = new RoomCore({
    runner,
    record: record ?? newRoomRecord("rev-1", "rev-1:1", 42),
    now: () => clock.now,
    log: (level, message, fields) => logs.push({ level, message, fields }),
  });
  let nextId = 0;
  const connect = (playerId: string, options: { roster?: Seat[] | null; monitor?: boolean } = {}) => {
    const info: ConnectionInfo = {
      connectionId: `c${++nextId}`,
      playerId,
      nickname: playerId,
      monitor: options.monitor ?? false,
      connectedAt: clock.now,
    };
    return { info, outcome: core.connect(info, options.roster === undefined ? ROSTER : options.roster) };
  };
  const send = (connection: ConnectionInfo, message: unknown) =>
    core.receive(connection.connectionId, parseClientFrame(JSON.stringify(message)));
  return { core, clock, logs, connect, send };
}

export type Frame = { type: string; [key: string]: any };

export const parse = (frames: string[]): Frame[] => frames.map((f) => JSON.parse(f));
export const types = (frames: string[]) => parse(frames).map((f) => f.type);
export const only = (frames: string[], type: string) => parse(frames).filter((f) => f.type === type);
export const allFrames = (o: RoomOutcome) => [...o.toSender, ...o.broadcast, ...o.toOthers];

/** A started room with Alice connected. */
export async function startedRoom(game: GameDefinition) {
  const room = makeRoom(game);
  const alice = room.connect("alice");
  await alice.outcome;
  return { ...room, alice: alice.info };
}

/** Records the room's replay from here on, then joins Alice and Bob (the whole ROSTER). */
export async function recordBothJoined(room: ReturnType<typeof makeRoom>) {
  const recorder = new ReplayRecorder();
  room.core.setJournal(recorder);
  const alice = room.connect("alice");
  await alice.outcome;
  const bob = room.connect("bob");
  await bob.outcome;
  return { recorder, alice: alice.info, bob: bob.info };
}
