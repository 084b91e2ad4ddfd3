import type { GameEvent, PresenceChange, Seat } from "../engine/types";

/**
 * Server-to-client frames. States arrive already serialized (stateJson), so a large state is turned
 * into JSON once per operation, not once per message.
 */
function frame(type: string, fields: Record<string, unknown>, stateJson?: string): string {
  const head = JSON.stringify({ type, ...fields });
  return stateJson === undefined ? head : `${head.slice(0, -1)},"state":${stateJson}}`;
}

export const frames = {
  state: (
    stateJson: string,
    fields: {
      gameTime: number;
      tick: number;
      started: boolean;
      frozen: boolean;
      players: Seat[] | null;
      /** What __game_start carried, for connections that arrive after it: null before the start. */
      seed: number | null;
      you: unknown;
    },
  ) => frame("__state", fields, stateJson),
  gameStart: (stateJson: string, fields: { players: Seat[]; seed: number; gameTime: number }) =>
    frame("__game_start", fields, stateJson),
  tick: (stateJson: string, fields: { events: GameEvent[]; tick: number; gameTime: number }) =>
    frame("__tick", fields, stateJson),
  actionResult: (
    stateJson: string,
    fields: {
      events: GameEvent[];
      serverEvents: GameEvent[];
      ack: number | null;
      gameTime: number;
      action?: string;
      deadline?: string;
      /** After onPresence: the change it answered. */
      presence?: PresenceChange;
      by?: string | null;
      /** The inspector replaced the state (dev only). */
      edit?: true;
    },
  ) => frame("__action_result", fields, stateJson),
  actionError: (code: string, error: string, seq: number | null) => frame("__action_error", { error, code, seq }),
  pauseState: (fields: { frozen: boolean; by: string | null; gameTime: number }) => frame("__pause_state", fields),
  presence: (payload: unknown) => frame("__platform", { message: { type: "presence", payload } }),
  /** An operator closed the room; the socket closes after it (CLOSE_CODES.roomClosed). */
  roomClosed: (message: string) => frame("__platform", { message: { type: "room.closed", payload: { message } } }),
};
