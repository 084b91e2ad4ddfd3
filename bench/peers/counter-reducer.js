// The counter fixture's reducer, for the peer rooms of the rooms bench (typed in counter-reducer.d.ts).
export { default } from "../../test/fixtures/counter.logic.js";
