import type { Seat } from "./types";

/** Same seats with the same roles and names, in the same order. */
export function sameRoster(a: readonly Seat[], b: readonly Seat[]): boolean {
  return (
    a.length === b.length &&
    a.every((seat, i) => {
      const other = b[i] as Seat;
      return seat.id === other.id && seat.role === other.role && seat.name === other.name;
    })
  );
}
