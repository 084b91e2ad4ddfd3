/**
 * A headless room for a scenario's own tests (`npx scenario test`, docs/authoring.md "Test your
 * rules"): the room core itself (src/room-core/room-core.ts) on a clock the test moves, running the
 * game in this process. No runtime, no sockets: each call is one input of the room (a connection,
 * an action frame, a tick, the alarm) and gives the outcome the room and a replay give for it.
 *
 *   const room = await createTestRoom(game, { players: 2, seed: 7 });
 *   expect(await room.act("p1", "place", { cell: 4 })).toMatchObject({ applied: true });
 *   await room.expectRefused("p1", "place", { cell: 0 }, "Not your turn");
 *   await room.advance(20_000); // the turn timer fires
 */
import { LocalLogicRunner, type LogicRunner, type Settled } from "../engine/logic-runner";
import { rosterSchema } from "../engine/roster";
import { stateToJson } from "../engine/state";
import type { GameDefinition, PendingDeadline, RoomPresence, Seat } from "../engine/types";
import type { Replay } from "./replay";
import { newRoomRecord, RoomCore } from "./room-core";
import { RoomDriver } from "./test-room-driver";
import { TestRoomNotes } from "./test-room-notes";
import type {
  ActionName,
  ActResult,
  PayloadArgs,
  PayloadOf,
  ServerActionName,
  StateOf,
  TestableGame,
  TestEvent,
  TestLogLine,
  TestRoomOptions,
} from "./test-room-types";

export { SEAT_GRACE_MS } from "./seat-grace";
export type * from "./test-room-types";

/** Real time at which a test room is made; game time starts at 0 when the game starts. */
const START_TIME = 1_000_000;

/**
 * A room playing `game` (the default export of the scenario's logic), with every seat connected
 * (unless `online` says otherwise): the game has started when the promise resolves.
 */
export async function createTestRoom<G extends TestableGame>(
  game: G,
  options: TestRoomOptions = {},
): Promise<TestRoom<G>> {
  if (!game || typeof game !== "object") {
    throw new TypeError("createTestRoom needs the game object: the default export of the scenario's logic");
  }
  const room = new TestRoom(game, options);
  for (const seat of options.online ?? room.seats.map((s) => s.id)) await room.connect(seat);
  return room;
}

export class TestRoom<G extends TestableGame = TestableGame> {
  readonly seats: readonly Seat[];
  private readonly core: RoomCore;
  private readonly driver: RoomDriver;
  private readonly notes = new TestRoomNotes();

  constructor(game: G, options: TestRoomOptions = {}) {
    this.seats = rosterOf(options.players ?? 2);
    const clock = { now: START_TIME };
    this.core = new RoomCore({
      runner: throughJson(new LocalLogicRunner(game as GameDefinition)),
      record: newRoomRecord("test-room", "test-room:0", options.seed ?? 1),
      now: () => clock.now,
      log: this.notes.log,
      journal: this.notes.journal,
    });
    this.driver = new RoomDriver(this.core, clock, options.clock === "manual");
  }

  /** The state as the room holds it now (a copy: changing it changes nothing in the room). */
  get state(): StateOf<G> {
    return structuredClone(this.core.record.state) as StateOf<G>;
  }

  /** Every event the room emitted so far, in order. */
  get events(): TestEvent[] {
    return this.notes.events;
  }

  /** What the room logged so far: handlers that threw (their changes rolled back), refusals. */
  get logs(): TestLogLine[] {
    return this.notes.logs;
  }

  /** ctx.gameTime now: it runs while someone is connected and the game is not paused. */
  get gameTime(): number {
    return this.core.gameTime();
  }

  /** Pending deadlines by name, each with the game time it comes due at. */
  get deadlines(): Record<string, PendingDeadline> {
    return structuredClone(this.core.record.deadlines);
  }

  /** ctx.presence now: seats online (a closed seat stays online through its grace) and seats seen. */
  get presence(): RoomPresence {
    return structuredClone(this.core.presence());
  }

  /** A new connection for `seat` (a seat of the roster plays; any other id watches as an observer). */
  async connect(seat: string): Promise<void> {
    await this.driver.connect(seat, [...this.seats]);
    const failure = this.notes.startFailure;
    if (failure !== null) throw new Error(`setup() failed, so the game did not start: ${failure}`);
  }

  /** Closes the seat's oldest open connection; its last one closing starts the seat's grace (SEAT_GRACE_MS). */
  disconnect(seat: string): Promise<void> {
    return this.driver.disconnect(seat);
  }

  /** `seat` sends an action (one of `actions` or `serverActions`), as its client would. */
  act<K extends ActionName<G>>(seat: string, action: K, ...payload: PayloadArgs<PayloadOf<G, K>>): Promise<ActResult> {
    return this.driver.act(seat, action, payload[0]);
  }

  /** `seat` sends an action that has a server part (`serverActions`): the same frame as act(). */
  serverAction<K extends ServerActionName<G>>(
    seat: string,
    action: K,
    ...payload: PayloadArgs<PayloadOf<G, K>>
  ): Promise<ActResult> {
    return this.driver.act(seat, action, payload[0]);
  }

  /**
   * Sends the action and throws unless the room refused it (and, given `error`, unless its error
   * contains that text, or matches that pattern, or its code is that text). Returns the refusal.
   */
  async expectRefused<K extends ActionName<G>>(
    seat: string,
    action: K,
    payload: PayloadOf<G, K>,
    error?: string | RegExp,
  ): Promise<Extract<ActResult, { applied: false }>> {
    const result = await this.driver.act(seat, action, payload);
    if (result.applied) {
      const names = [...result.events, ...result.serverEvents].map((event) => event.name);
      const emitted = names.length > 0 ? ` (events: ${names.join(", ")})` : "";
      throw new Error(`expected ${seat}'s ${action} to be refused, but the room applied it${emitted}`);
    }
    const matches =
      error === undefined ||
      (typeof error === "string" ? result.error.includes(error) || result.code === error : error.test(result.error));
    if (!matches) {
      throw new Error(
        `${seat}'s ${action} was refused with ${result.code}: "${result.error}", not with ${String(error)}`,
      );
    }
    return result;
  }

  /** `seat`'s continuous input (`__input`): update() reads the latest in ctx.inputs. */
  input(seat: string, data: Record<string, unknown>): Promise<void> {
    return this.driver.input(seat, data);
  }

  /**
   * Moves the room's clock on by `ms`. On the "room" clock, the tick loop runs update() at the
   * game's tickRate and the alarm fires each deadline (and ends each seat's grace) when it comes
   * due, in time order, as the room would. Returns the events emitted meanwhile.
   */
  async advance(ms: number): Promise<TestEvent[]> {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite number ≥ 0, got ${ms}`);
    const from = this.notes.events.length;
    try {
      await this.driver.advanceBy(ms);
    } catch (error) {
      throw new Error(`advance(${ms}): ${error instanceof Error ? error.message : String(error)}`);
    }
    return this.notes.eventsSince(from);
  }

  /** One step of the tick loop now: update() and a tick to every connection. */
  tick(): Promise<void> {
    return this.driver.tick();
  }

  /** The room's alarm now: seats whose grace is over go offline, then every deadline due fires. */
  fireDeadlines(): Promise<void> {
    return this.driver.fireDeadlines();
  }

  /** The game so far as a replay file (src/room-core/replay.ts): `scenario replay <dir> <file>` runs it again. */
  replay(): Replay {
    return this.notes.replay();
  }
}

/** The roster from the `players` option, checked as the room checks a roster. */
function rosterOf(players: NonNullable<TestRoomOptions["players"]>): Seat[] {
  const seats =
    typeof players === "number"
      ? Array.from({ length: players }, (_, index) => ({ id: `p${index + 1}`, name: `Player ${index + 1}` }))
      : players;
  const parsed = rosterSchema.safeParse(seats);
  if (!parsed.success || parsed.data.length === 0) {
    const reason = parsed.success ? "a room needs at least one seat" : (parsed.error.issues[0]?.message ?? "invalid");
    throw new RangeError(`createTestRoom: players: ${reason}`);
  }
  return parsed.data;
}

/**
 * The in-process runner with its results brought back through JSON, as the room's sandbox sends
 * them: a state JSON would change (a Date, a Map, undefined) comes back as the room would see it,
 * and one JSON refuses (a function, NaN) fails the call as it fails in the sandbox.
 */
function throughJson(runner: LogicRunner): LogicRunner {
  const settle = (settled: Settled): Settled => {
    if (settled.ok) stateToJson(settled.result.state);
    return JSON.parse(JSON.stringify(settled)) as Settled;
  };
  return {
    describe: () => runner.describe(),
    run: async (call) => settle(await runner.run(call)),
    runActions: async (input, actions) => (await runner.runActions(input, actions)).map(settle),
  };
}
