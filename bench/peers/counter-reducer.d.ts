/** What the peer rooms of the rooms bench use of the counter fixture (test/fixtures/counter.logic.js). */
export interface ReducerContext {
  playerId: string;
  emit(name: string, data: unknown): void;
}

export type CounterState = Record<string, unknown>;

declare const counter: {
  setup(input: { players: { id: string }[] }): CounterState;
  actions: Record<string, ((state: CounterState, payload: unknown, ctx: ReducerContext) => void) | undefined>;
};

export default counter;
