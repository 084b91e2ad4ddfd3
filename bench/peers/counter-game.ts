import counter, { type CounterState } from "./counter-reducer.js";

/** A room protocol frame from server to client, as the peers send it (the subset of document 3 the bench uses). */
export type PeerFrame =
  | { type: "__state"; state: CounterState; gameTime: number }
  | {
      type: "__action_result";
      events: { name: string; data: unknown }[];
      serverEvents: [];
      ack: number | null;
      gameTime: number;
      action: string;
      by?: string;
      state: CounterState;
    }
  | { type: "__action_error"; error: string; code: string; seq: number };

export interface ActionFrame {
  action: string;
  payload: unknown;
  seq: number;
}

/**
 * The counter game as the peer rooms of the rooms bench run it: the fixture's reducer called
 * in-process (no sandbox), with what any room server owes its players: a refused action changes
 * nothing (the reducer runs on a copy), the sender gets its ack and the others the new state.
 */
export class CounterGame {
  private readonly startedAt = Date.now();

  state: CounterState;

  constructor(state: CounterState) {
    this.state = state;
  }

  static setup(seats: string[]): CounterGame {
    return new CounterGame(counter.setup({ players: seats.map((id) => ({ id })) }));
  }

  snapshot(): PeerFrame {
    return { type: "__state", state: this.state, gameTime: this.gameTime() };
  }

  /** Runs one action of `seat`: frames for the sender and for the others (none when refused). */
  act(seat: string, frame: ActionFrame): { toSender: PeerFrame; toOthers: PeerFrame | null } {
    const handler = counter.actions[frame.action];
    if (!handler)
      return { toSender: refusal("unknown_action", `unknown action ${frame.action}`, frame.seq), toOthers: null };
    const next = structuredClone(this.state);
    const events: { name: string; data: unknown }[] = [];
    try {
      handler(next, frame.payload, { playerId: seat, emit: (name, data) => events.push({ name, data }) });
    } catch (error) {
      return { toSender: refusal("action_failed", String(error), frame.seq), toOthers: null };
    }
    this.state = next;
    const result = {
      type: "__action_result" as const,
      events,
      serverEvents: [] as [],
      gameTime: this.gameTime(),
      action: frame.action,
      state: next,
    };
    return { toSender: { ...result, ack: frame.seq }, toOthers: { ...result, ack: null, by: seat } };
  }

  private gameTime() {
    return Date.now() - this.startedAt;
  }
}

function refusal(code: string, error: string, seq: number): PeerFrame {
  return { type: "__action_error", error, code, seq };
}
