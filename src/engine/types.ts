/**
 * The engine contract: what a scenario's logic exports and what the server, the dev server and
 * the SDK's solo mode promise it, generic so that an author's defineGame (scenario.ts) types a
 * game with the same types the room runs it with. Nothing here knows about Cloudflare, sockets or
 * storage.
 */

/** A seat of the roster: only seats that receive a role are listed. */
export interface Seat {
  id: string;
  role?: string;
  name?: string;
}

export interface GameEvent {
  name: string;
  data?: unknown;
}

/** Seeded random numbers: ctx.random() is a float in [0, 1); helpers draw from the same stream. */
export interface Random {
  (): number;
  /** An integer in [0, max). */
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * Who is in the room, as scenario code sees it: seats of the roster only. Spectators, admins and
 * monitors never count. It changes only when a connection joins or leaves the room (in the order
 * of the room's operations), never with the clock.
 */
export interface RoomPresence {
  /** Seats with at least one live connection, in roster order. */
  online: string[];
  /** Seats that have been online at least once since the room began, in roster order; it never shrinks. */
  seen: string[];
}

export interface Presence extends RoomPresence {
  /** Every seat of the roster has been online at least once: the moment a game starts its clocks. */
  allSeen: boolean;
}

/**
 * What a game declares besides its state and actions (defineGame's third type parameter), each
 * optional: `events` maps each event's name to its data (ctx.emit, the SDK's `events`),
 * `deadlines` each deadline's name to its data (ctx.setDeadline, `deadlines`), `input` is a seat's
 * continuous input (session.input, ctx.inputs). A value `undefined` (or `void`) means "sent without data".
 */
export interface GameTypes {
  events?: object;
  deadlines?: object;
  input?: object;
}

/** Payloads of a game's actions by name: an object, or `undefined` (`void`) for an action sent without one. */
export type ActionPayloads<Actions> = { [K in keyof Actions]: object | void | undefined };

/** An untyped game (a JavaScript logic file, the room core's view) leaves every name and value open. */
type IsAny<T> = 0 extends 1 & T ? true : false;

export type EventMap<T extends GameTypes> = T extends { events: infer E } ? E : Record<string, any>;
export type DeadlineMap<T extends GameTypes> = T extends { deadlines: infer D } ? D : Record<string, any>;
export type InputOfTypes<T extends GameTypes> = T extends { input: infer I } ? I : any;

/** The rest of a call that carries one value: required, none for `undefined`, anything when untyped. */
export type PayloadArgs<P> =
  IsAny<P> extends true ? [payload?: any] : [P] extends [void | undefined] ? [payload?: undefined] : [payload: P];
export type DataArgs<D> =
  IsAny<D> extends true ? [data?: any] : [D] extends [void | undefined] ? [data?: undefined] : [data: D];

/** A payload as it travels: what the action declares, `{}` for one sent without any. */
export type SentPayload<P> =
  IsAny<P> extends true ? Record<string, unknown> : [P] extends [void | undefined] ? Record<string, never> : P;

/** One event of the map as it travels: `{ name, data }`, told apart by name. */
export type EventUnion<E> = {
  [K in keyof E & string]: IsAny<E[K]> extends true
    ? { name: K; data?: any }
    : [E[K]] extends [void | undefined]
      ? { name: K; data?: undefined }
      : { name: K; data: E[K] };
}[keyof E & string];

export interface LogicContext<T extends GameTypes = {}> {
  /** The seat that sent the action; null for setup, ticks, deadlines and onPresence. */
  playerId: string | null;
  players: Seat[];
  /** Seats online now and seats seen so far (see Presence); the same in every handler. */
  presence: Presence;
  /** In-game clock in milliseconds; stops while the room is frozen. Never compare with Date.now(). */
  gameTime: number;
  tick: number;
  /**
   * Latest continuous input of each seat (`__input`), latest value wins. Typed as the game declares
   * it, but sent by clients and not checked by the room: check what a player could fake.
   */
  inputs: Record<string, InputOfTypes<T>>;
  /** Server-decided randomness; throws inside `actions`, which must be deterministic. */
  random: Random;
  /** Adds an event to the operation's event list. */
  emit<K extends keyof EventMap<T> & string>(name: K, ...data: DataArgs<EventMap<T>[K]>): void;
  /** Runs deadlines[name] when the game clock reaches `atGameTime` (one pending deadline per name). */
  setDeadline<K extends keyof DeadlineMap<T> & string>(
    name: K,
    atGameTime: number,
    ...data: DataArgs<DeadlineMap<T>[K]>
  ): void;
  clearDeadline(name: keyof DeadlineMap<T> & string): void;
}

/** What a handler gives back: the next state, or nothing when it changed `state` in place. */
export type NextState<State> = State | void;

/**
 * A handler's `payload` is typed as the game declares it, but comes from a client and is not
 * checked by the room: a handler still refuses (throws on) what a player could fake.
 */
export type ActionHandler<State = any, Payload = any, T extends GameTypes = {}> = (
  state: State,
  payload: Payload,
  ctx: LogicContext<T>,
) => NextState<State>;
export type ServerActionHandler<State = any, Payload = any, T extends GameTypes = {}> = (
  state: State,
  payload: Payload,
  ctx: LogicContext<T>,
) => NextState<State> | Promise<NextState<State>>;
export type DeadlineHandler<State = any, Data = any, T extends GameTypes = {}> = (
  state: State,
  ctx: LogicContext<T>,
  data: Data,
) => NextState<State> | Promise<NextState<State>>;

/** One seat's presence changed: it came online (its first connection) or went offline (its last one closed). */
export interface PresenceChange {
  seatId: string;
  online: boolean;
}
export type PresenceHandler<State = any, T extends GameTypes = {}> = (
  input: { state: State; ctx: LogicContext<T> } & PresenceChange,
) => NextState<State> | Promise<NextState<State>>;

/** Old logic files: a server-only entry of `actions`, branded (see describe-game.ts). */
export interface LegacyServerOnlyEntry {
  serverOnly: boolean;
  fn?: ServerActionHandler;
  handler?: ServerActionHandler;
  run?: ServerActionHandler;
}

/** An entry of `actions`: a handler; in an untyped game (any action name) also an old file's server-only brand. */
type ActionEntries<State, Actions, T extends GameTypes> = {
  [K in keyof Actions]?: string extends keyof Actions
    ? ActionHandler<State, Actions[K], T> | LegacyServerOnlyEntry
    : ActionHandler<State, Actions[K], T>;
};

/** Carries a game's type parameters for StateOf, ActionsOf and the rest; never a value. */
declare const gameTypes: unique symbol;

/**
 * The default export of a scenario's logic. The room core and the SDK run it as
 * `GameDefinition` (every type parameter open); an author's `defineGame<State, Actions, Types>`
 * is the same type with its own parameters, so a handler, a payload or an event of the wrong type
 * is an error in the author's editor.
 */
export interface GameDefinition<
  State = any,
  Actions extends ActionPayloads<Actions> = Record<string, any>,
  T extends GameTypes = {},
> {
  /** Builds the first state, once, when the roster is known. */
  setup?: (input: { players: Seat[]; ctx: LogicContext<T> }) => State | Promise<State>;
  /** Run in the acting player's browser (a prediction) and then by the room: deterministic, no ctx.random. */
  actions?: ActionEntries<State, Actions, T>;
  /** Run by the room only, after the action's predicted part if it has one; may be async. */
  serverActions?: { [K in keyof Actions]?: ServerActionHandler<State, Actions[K], T> };
  /** One tick, `tickRate` times a second of game time. */
  update?: (input: { state: State; ctx: LogicContext<T> }) => NextState<State> | Promise<NextState<State>>;
  tickRate?: number;
  /** Run when the game clock reaches the time ctx.setDeadline gave. */
  deadlines?: { [K in keyof DeadlineMap<T>]?: DeadlineHandler<State, DeadlineMap<T>[K], T> };
  /**
   * Server only, after a seat's presence changed (once the game started; the start itself counts
   * as a change for every seat online then). ctx.presence is the presence after the change.
   */
  onPresence?: PresenceHandler<State, T>;
  readonly [gameTypes]?: { state: State; actions: Actions; types: T };
}

/** What a game's type parameters say, read from the game object's type (`typeof game`); open for an untyped game. */
type Declared<G> = typeof gameTypes extends keyof G
  ? NonNullable<G[typeof gameTypes & keyof G]>
  : { state: any; actions: Record<string, any>; types: {} };
export type StateOf<G> = Declared<G> extends { state: infer S } ? S : any;
export type ActionsOf<G> = Declared<G> extends { actions: infer A } ? A : Record<string, any>;
export type ActionName<G> = keyof ActionsOf<G> & string;
type TypesOfGame<G> = Declared<G> extends { types: infer T extends GameTypes } ? T : {};
export type EventsOf<G> = EventMap<TypesOfGame<G>>;
/** One event of the game as ctx.emit made it: `{ name, data }`, told apart by name. */
export type EventOf<G> = EventUnion<EventsOf<G>>;
export type InputOf<G> = InputOfTypes<TypesOfGame<G>>;

/** What a load-test bot sees each time its seat is due to send (`scenario loadtest`, docs/authoring.md). */
export interface BotView<G = GameDefinition> {
  /** The bot's seat. */
  seatId: string;
  /** The roster, as the room named it to this seat. */
  players: Seat[];
  /** The room's state as this seat last received it (it lags the room by the round trip); null before the game starts. */
  state: StateOf<G> | null;
  /** How many times this seat was due before, from 0. */
  turn: number;
  /** Seeded per seat: a run plays the same moves from the same states. */
  random: Random;
}

type BotPayload<P> =
  IsAny<P> extends true
    ? { payload?: Record<string, unknown> }
    : [P] extends [void | undefined]
      ? { payload?: undefined }
      : { payload: P };

/** A bot's move: an action (the room answers it), a continuous input (`__input`), or nothing this turn. */
export type BotMove<G = GameDefinition> =
  | { [K in ActionName<G>]: { action: K } & BotPayload<ActionsOf<G>[K]> }[ActionName<G>]
  | { input: IsAny<InputOf<G>> extends true ? Record<string, unknown> : InputOf<G> }
  | null;

/**
 * The optional `bots` export of a logic module: the players `scenario loadtest` puts in every seat.
 * `ScenarioBots<typeof game>` types the state it reads and the moves it makes as the game declares them.
 */
export interface ScenarioBots<G = GameDefinition> {
  /** What a player in this seat would do now; called each time the seat is due (`--rate` times a second). */
  act(view: BotView<G>): BotMove<G>;
  /**
   * Whether this seat's game is over, as the seat sees it; asked before `act`. While it is, a due
   * turn sends nothing and counts apart from the turns a bot waited in a game still on.
   */
  gameOver?(view: BotView<G>): boolean;
}

export interface PendingDeadline {
  at: number;
  data?: unknown;
}

/** What a logic call may read besides the state; everything it changes comes back in LogicResult. */
export interface LogicInput {
  state: unknown;
  playerId: string | null;
  players: Seat[];
  gameTime: number;
  tick: number;
  inputs: Record<string, unknown>;
  presence: RoomPresence;
  /** Internal state of the seeded random stream. */
  rng: number;
  deadlines: Record<string, PendingDeadline>;
}

export interface LogicResult {
  state: unknown;
  events: GameEvent[];
  serverEvents: GameEvent[];
  rng: number;
  deadlines: Record<string, PendingDeadline>;
}

/** What the room needs to know of a game before running it. */
export interface GameDescription {
  actions: string[];
  serverActions: string[];
  deadlines: string[];
  tickRate: number;
  hasUpdate: boolean;
  hasOnPresence: boolean;
}
