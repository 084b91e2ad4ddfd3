// Network conditions per seat of the `scenario dev` harness: what the page asks the harness server
// for (POST /harness/conditions/{seatId}) and what the server tells the page (GET
// /harness/conditions and each `conditions` event). The server applies them in its WebSocket
// pass-through (tools/cli/net/), never in the room.
import { z } from "zod";

/** Added latency the page offers as one click; any other whole value up to the maximum is custom. */
export const LATENCY_PRESETS_MS = [0, 100, 300] as const;
export const MAX_LATENCY_MS = 5_000;
export const MAX_OFFLINE_SECONDS = 300;

const LATENCY_MESSAGE = `Latency must be a whole number of milliseconds from 0 to ${MAX_LATENCY_MS}`;
const OFFLINE_MESSAGE = `Offline time must be a whole number of seconds from 1 to ${MAX_OFFLINE_SECONDS}`;

/** A whole number from `min` to `max`; anything else is refused with `message`. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** One change of a seat's network, as the page sends it. */
export const conditionChangeSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("latency"),
      ms: wholeNumber(0, MAX_LATENCY_MS, LATENCY_MESSAGE),
    }),
    z.strictObject({ kind: z.literal("drop") }),
    z.strictObject({
      kind: z.literal("offline"),
      seconds: wholeNumber(1, MAX_OFFLINE_SECONDS, OFFLINE_MESSAGE),
    }),
  ],
  { error: 'kind must be "latency", "drop" or "offline"' },
);

export type ConditionChange = z.infer<typeof conditionChangeSchema>;

/** A seat's network as the pass-through applies it now. */
export interface SeatNetwork {
  /** Added to the round trip: half on the way to the room, half on the way back. */
  latencyMs: number;
  /** Milliseconds of "offline" left; 0 when online. */
  offlineMsLeft: number;
  /** The seat's sockets open through the pass-through now. */
  connections: number;
  /** Chunks of the seat's traffic that waited behind the added latency, since the harness started. */
  delayedChunks: number;
}

export interface NetworkSnapshot {
  seats: Record<string, SeatNetwork>;
}
