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
import type { JournalEntry, RoomJournal } from "../room-core/journal";
import type { Replay } from "../room-core/replay";
import { ReplayRecorder } from "../room-core/replay-recorder";
import { RoomCore } from "../room-core/room-core";
import type { ConnectionInfo, RoomOutcome } from "../room-core/types";
import { LocalLogicRunner, type LogicRunner, type Settled } from "./logic-runner";
import { parseClientFrame } from "./parse-frame";
import { rosterSchema } from "./roster";
import { stateToJson } from "./state";
import { TickSchedule } from "./test-room-ticks";
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
import type { GameDefinition, GameEvent, PendingDeadline, RoomPresence, Seat } from "./types";

export { SEAT_GRACE_MS } from "../room-core/seat-grace";
export type * from "./test-room-types";

/** Real time at which a test room is made; game time starts at 0 when the game starts. */
const START_TIME = 1_000_000;
/**
 * advance() fires the alarm at most this many times at one instant: a deadline handler that keeps
 * setting its deadline at the game time it runs at would never let the clock move on.
 */
const MAX_FIRINGS_AT_ONCE = 100;

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
  private readonly clock = { now: START_TIME };
  private readonly manual: boolean;
  /** Each seat's open connections, oldest first. */
  private readonly open = new Map<string, ConnectionInfo[]>();
  private readonly recorder = new ReplayRecorder();
  private readonly emitted: TestEvent[] = [];
  private readonly lines: TestLogLine[] = [];
  private readonly ticks = new TickSchedule();
  private startFailure: string | null = null;
  private made = 0;
  private seq = 0;

  constructor(game: G, options: TestRoomOptions = {}) {
    this.seats = rosterOf(options.players ?? 2);
    this.manual = options.clock === "manual";
    const journal: RoomJournal = {
      input: (input, at) => this.recorder.input(input, at),
      note: (entry, view) => {
        this.recorder.note(entry, view);
        this.collect(entry);
      },
    };
    this.core = new RoomCore({
      runner: throughJson(new LocalLogicRunner(game as GameDefinition)),
      record: RoomCore.newRecord("test-room", "test-room:0", options.seed ?? 1),
      now: () => this.clock.now,
      log: (level, message, fields) => void this.lines.push(fields ? { level, message, fields } : { level, message }),
      journal,
    });
  }

  /** The state as the room holds it now (a copy: changing it changes nothing in the room). */
  get state(): StateOf<G> {
    return structuredClone(this.core.record.state) as StateOf<G>;
  }

  /** Every event the room emitted so far, in order. */
  get events(): TestEvent[] {
    return [...this.emitted];
  }

  /** What the room logged so far: handlers that threw (their changes rolled back), refusals. */
  get logs(): TestLogLine[] {
    return [...this.lines];
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
    const info: ConnectionInfo = {
      connectionId: `${seat}#${++this.made}`,
      playerId: seat,
      nickname: seat,
      monitor: false,
      connectedAt: this.clock.now,
    };
    this.open.set(seat, [...(this.open.get(seat) ?? []), info]);
    await this.run(() => this.core.connect(info, [...this.seats]));
    if (this.startFailure !== null) throw new Error(`setup() failed, so the game did not start: ${this.startFailure}`);
  }

  /** Closes the seat's oldest open connection; its last one closing starts the seat's grace (SEAT_GRACE_MS). */
  async disconnect(seat: string): Promise<void> {
    const [oldest, ...rest] = this.open.get(seat) ?? [];
    if (!oldest) throw new Error(`${seat} has no open connection to close`);
    this.open.set(seat, rest);
    await this.run(() => this.core.disconnect(oldest.connectionId));
  }

  /** `seat` sends an action (one of `actions` or `serverActions`), as its client would. */
  act<K extends ActionName<G>>(seat: string, action: K, ...payload: PayloadArgs<PayloadOf<G, K>>): Promise<ActResult> {
    return this.send(seat, action, payload[0]);
  }

  /** `seat` sends an action that has a server part (`serverActions`): the same frame as act(). */
  serverAction<K extends ServerActionName<G>>(
    seat: string,
    action: K,
    ...payload: PayloadArgs<PayloadOf<G, K>>
  ): Promise<ActResult> {
    return this.send(seat, action, payload[0]);
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
    const result = await this.send(seat, action, payload);
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
  async input(seat: string, data: Record<string, unknown>): Promise<void> {
    const outcome = await this.frame(seat, { type: "__input", data });
    const refusal = outcome.toSender.map(parseFrame).find((frame) => frame.type === "__action_error");
    if (refusal) throw new Error(`the room refused ${seat}'s input: ${refusal.code}: ${refusal.error}`);
  }

  /**
   * Moves the room's clock on by `ms`. On the "room" clock, the tick loop runs update() at the
   * game's tickRate and the alarm fires each deadline (and ends each seat's grace) when it comes
   * due, in time order, as the room would. Returns the events emitted meanwhile.
   */
  async advance(ms: number): Promise<TestEvent[]> {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance(ms) needs a finite number ≥ 0, got ${ms}`);
    const from = this.emitted.length;
    const until = this.clock.now + ms;
    let firings = { at: this.clock.now, count: 0 };
    while (!this.manual) {
      const alarm = this.core.nextDeadline();
      const tick = this.ticks.next();
      const alarmDue = alarm !== null && alarm <= until && (tick === null || alarm <= tick);
      if (alarmDue) {
        this.clock.now = Math.max(this.clock.now, alarm);
        firings =
          firings.at === this.clock.now
            ? { at: firings.at, count: firings.count + 1 }
            : { at: this.clock.now, count: 1 };
        if (firings.count > MAX_FIRINGS_AT_ONCE) {
          throw new Error(
            `advance(${ms}): a deadline keeps coming due at game time ${this.gameTime}; the clock cannot move on`,
          );
        }
        await this.fireDeadlines();
      } else if (tick !== null && tick <= until) {
        this.clock.now = Math.max(this.clock.now, tick);
        this.ticks.ran();
        await this.tick();
      } else break;
    }
    this.clock.now = until;
    return this.emitted.slice(from);
  }

  /** One step of the tick loop now: update() and a tick to every connection. */
  async tick(): Promise<void> {
    await this.run(() => this.core.tick());
  }

  /** The room's alarm now: seats whose grace is over go offline, then every deadline due fires. */
  async fireDeadlines(): Promise<void> {
    await this.run(() => this.core.fireDeadlines());
  }

  /** The game so far as a replay file (src/room-core/replay.ts): `scenario replay <dir> <file>` runs it again. */
  replay(): Replay {
    const replay = this.recorder.replay();
    if (!replay) throw new Error("the room has run nothing yet");
    return replay;
  }

  private async send(seat: string, action: string, payload: unknown): Promise<ActResult> {
    const seq = ++this.seq;
    const outcome = await this.frame(seat, { type: "__action", action, payload, seq });
    for (const frame of outcome.toSender.map(parseFrame)) {
      if (frame.type === "__action_result" && frame.ack === seq)
        return { applied: true, events: frame.events ?? [], serverEvents: frame.serverEvents ?? [] };
      if (frame.type === "__action_error" && (frame.seq === seq || frame.seq === null))
        return { applied: false, code: String(frame.code), error: String(frame.error) };
    }
    throw new Error(`the room answered ${seat}'s ${action} with neither a result nor an error`);
  }

  /** A client frame from the seat's newest connection, checked at the edge as the room's are. */
  private frame(seat: string, message: Record<string, unknown>): Promise<RoomOutcome> {
    const connection = this.open.get(seat)?.at(-1);
    if (!connection) throw new Error(`${seat} is not connected: connect("${seat}") first`);
    const parsed = parseClientFrame(JSON.stringify(message));
    return this.run(() => this.core.receive(connection.connectionId, parsed));
  }

  /** Runs one operation and starts or stops the tick loop as its outcome says (tick-loop.ts). */
  private async run(operation: () => Promise<RoomOutcome>): Promise<RoomOutcome> {
    const outcome = await operation();
    let openCount = 0;
    for (const connections of this.open.values()) openCount += connections.length;
    this.ticks.follow(outcome, openCount, this.clock.now);
    return outcome;
  }

  private collect(entry: JournalEntry) {
    const add = (events: TestEvent[]) => this.emitted.push(...events);
    const each = (list: { name: string; data?: unknown }[], about: Omit<TestEvent, "name" | "data">) =>
      list.map((event): TestEvent => ({ ...event, ...about }));
    switch (entry.kind) {
      case "start_failed":
        this.startFailure = entry.error;
        return;
      case "action":
        if (!entry.result.ok) return;
        add(each(entry.result.events, { cause: "action", seat: entry.seat, action: entry.action }));
        add(each(entry.result.serverEvents, { cause: "action", seat: entry.seat, action: entry.action, server: true }));
        return;
      case "tick":
        if (entry.ok) add(each(entry.events, { cause: "tick" }));
        return;
      case "deadline":
        if (!entry.ok) return;
        add(each(entry.events, { cause: "deadline", deadline: entry.name }));
        add(each(entry.serverEvents, { cause: "deadline", deadline: entry.name, server: true }));
        return;
      case "presence":
        if (!entry.ok) return;
        add(each(entry.events, { cause: "presence", seat: entry.seat }));
        add(each(entry.serverEvents, { cause: "presence", seat: entry.seat, server: true }));
        return;
    }
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

/** The fields of the room's answers to a client that a test room reads. */
interface ServerFrame {
  type: string;
  ack?: number | null;
  seq?: number | null;
  events?: GameEvent[];
  serverEvents?: GameEvent[];
  code?: string;
  error?: string;
}
const parseFrame = (frame: string): ServerFrame => JSON.parse(frame) as ServerFrame;
