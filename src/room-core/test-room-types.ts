/**
 * The types a test room reads off a game object (test-room.ts): its state, the names of its actions
 * and server actions, and each one's payload, from the handlers' own signatures. A game typed with
 * the typed game API gets checked calls (a wrong payload is a type error); an untyped one (plain
 * JavaScript, GameDefinition) takes any name and payload.
 */
import type { GameEvent, Seat } from "../engine/types";

/** The shape a test room accepts: a scenario's game object, typed or not. */
export interface TestableGame {
  setup?: unknown;
  actions?: object;
  serverActions?: object;
  update?: unknown;
  tickRate?: number;
  deadlines?: object;
  onPresence?: unknown;
}

type IsAny<T> = 0 extends 1 & T ? true : false;
type Table<T> = T extends object ? T : Record<never, never>;
type ActionsOf<G> = G extends { actions?: infer A } ? Table<NonNullable<A>> : Record<never, never>;
type ServerActionsOf<G> = G extends { serverActions?: infer A } ? Table<NonNullable<A>> : Record<never, never>;

/** The second parameter of a handler `(state, payload, ctx)`; unknown when it takes none. */
type PayloadOfHandler<H> = H extends (state: never, payload: infer P, ...rest: never[]) => unknown ? P : unknown;

/** The state setup() returns: what `room.state` is. */
export type StateOf<G> =
  // biome-ignore lint/suspicious/noExplicitAny: a game without types (plain JavaScript) holds any state
  IsAny<G> extends true ? any : G extends { setup?: (...args: never[]) => infer S } ? Awaited<S> : unknown;

/** A name a client may send as an action: `actions` and `serverActions` alike. */
export type ActionName<G> = IsAny<G> extends true ? string : (keyof ActionsOf<G> | keyof ServerActionsOf<G>) & string;

/** A name of `serverActions` (the server-only part of an action). */
export type ServerActionName<G> = IsAny<G> extends true ? string : keyof ServerActionsOf<G> & string;

/** The payload an action takes: from its predicted handler if it has one, else from its server part. */
export type PayloadOf<G, K> =
  IsAny<G> extends true
    ? unknown
    : K extends keyof ActionsOf<G>
      ? PayloadOfHandler<NonNullable<ActionsOf<G>[K]>>
      : K extends keyof ServerActionsOf<G>
        ? PayloadOfHandler<NonNullable<ServerActionsOf<G>[K]>>
        : never;

/** The payload argument: optional when the handler takes none (or may take undefined). */
export type PayloadArgs<P> = undefined extends P ? [payload?: P] : [payload: P];

export interface TestRoomOptions {
  /**
   * The roster: a count of seats (p1..pN, named as `scenario dev` names them), or seat ids, or seats
   * with roles and names. Default 2.
   */
  players?: number | readonly (string | Seat)[];
  /** The room's seed: the same seed draws the same ctx.random numbers. Default 1. */
  seed?: number;
  /** Seats connected when the room is made, in this order (the first one starts the game). Default: every seat. */
  online?: readonly string[];
  /**
   * "room" (default): advance() runs the room's tick loop and fires its alarm (deadlines, the end of
   * a seat's grace) at the times the room would. "manual": advance() only moves the clock; the test
   * runs tick() and fireDeadlines() itself (to play recorded timings again).
   */
  clock?: "room" | "manual";
}

/** What became of an action: applied with its events, or refused with the error its sender got. */
export type ActResult =
  | { applied: true; events: GameEvent[]; serverEvents: GameEvent[] }
  | { applied: false; code: string; error: string };

/** An event of the room, in the order the room emitted it, with what emitted it. */
export interface TestEvent extends GameEvent {
  /** An action (its seat and name), update() on a tick, a deadline handler, or onPresence (its seat). */
  cause: "action" | "tick" | "deadline" | "presence";
  seat?: string;
  action?: string;
  deadline?: string;
  /** Emitted by server-only code (serverActions, setup): clients receive it among `serverEvents`. */
  server?: true;
}

/** A line the room logged (a handler that threw, a refused frame, a dropped deadline). */
export interface TestLogLine {
  level: "info" | "warn" | "error";
  message: string;
  fields?: Record<string, unknown>;
}
