/**
 * The engine contract: what a scenario's logic.js exports and what the server, the dev server and
 * the SDK's solo mode promise it. Nothing here knows about Cloudflare, sockets or storage.
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

export interface LogicContext {
  /** The seat that sent the action; null for setup, ticks, deadlines and onPresence. */
  playerId: string | null;
  players: Seat[];
  /** Seats online now and seats seen so far (see Presence); the same in every handler. */
  presence: Presence;
  /** In-game clock in milliseconds; stops while the room is frozen. Never compare with Date.now(). */
  gameTime: number;
  tick: number;
  /** Latest continuous input of each seat (`__input`), latest value wins. */
  inputs: Record<string, unknown>;
  /** Server-decided randomness; throws inside `actions`, which must be deterministic. */
  random: Random;
  /** Adds an event to the operation's event list. */
  emit(name: string, data?: unknown): void;
  /** Runs deadlines[name] when the game clock reaches `atGameTime` (one pending deadline per name). */
  setDeadline(name: string, atGameTime: number, data?: unknown): void;
  clearDeadline(name: string): void;
}

/** A reducer may change `state` in place or return the next state. */
export type ActionHandler = (state: any, payload: any, ctx: LogicContext) => unknown;
export type ServerActionHandler = (state: any, payload: any, ctx: LogicContext) => unknown | Promise<unknown>;
export type DeadlineHandler = (state: any, ctx: LogicContext, data: unknown) => unknown | Promise<unknown>;

/** One seat's presence changed: it came online (its first connection) or went offline (its last one closed). */
export interface PresenceChange {
  seatId: string;
  online: boolean;
}
export type PresenceHandler = (input: { state: any; ctx: LogicContext } & PresenceChange) => unknown | Promise<unknown>;

/** Old logic files: a server-only entry of `actions`, branded (see describe-game.ts). */
export interface LegacyServerOnlyEntry {
  serverOnly: boolean;
  fn?: ServerActionHandler;
  handler?: ServerActionHandler;
  run?: ServerActionHandler;
}

/** The default export of a scenario's logic.js. */
export interface GameDefinition {
  setup?: (input: { players: Seat[]; ctx: LogicContext }) => unknown;
  actions?: Record<string, ActionHandler | LegacyServerOnlyEntry>;
  serverActions?: Record<string, ServerActionHandler>;
  update?: (input: { state: any; ctx: LogicContext }) => unknown;
  tickRate?: number;
  deadlines?: Record<string, DeadlineHandler>;
  /**
   * Server only, after a seat's presence changed (once the game started; the start itself counts
   * as a change for every seat online then). ctx.presence is the presence after the change.
   */
  onPresence?: PresenceHandler;
}

/** What a load-test bot sees each time its seat is due to send (`scenario loadtest`, docs/authoring.md). */
export interface BotView {
  /** The bot's seat. */
  seatId: string;
  /** The roster, as the room named it to this seat. */
  players: Seat[];
  /** The room's state as this seat last received it (it lags the room by the round trip). */
  state: any;
  /** How many times this seat was due before, from 0. */
  turn: number;
  /** Seeded per seat: a run plays the same moves from the same states. */
  random: Random;
}

/** A bot's move: an action (the room answers it), a continuous input (`__input`), or nothing this turn. */
export type BotMove = { action: string; payload?: Record<string, unknown> } | { input: Record<string, unknown> } | null;

/** The optional `bots` export of a logic module: the players `scenario loadtest` puts in every seat. */
export interface ScenarioBots {
  /** What a player in this seat would do now; called each time the seat is due (`--rate` times a second). */
  act(view: BotView): BotMove;
  /**
   * Whether this seat's game is over, as the seat sees it; asked before `act`. While it is, a due
   * turn sends nothing and counts apart from the turns a bot waited in a game still on.
   */
  gameOver?(view: BotView): boolean;
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
