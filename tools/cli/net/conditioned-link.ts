// One seat's WebSocket through the harness: the page's socket and the room's, joined byte for byte
// through a delay queue in each direction (the seat's added latency, half each way). The bytes are
// not parsed: every byte, so every frame, arrives as much later as the latency says, in order.
import type { Duplex } from "node:stream";
import { type Clock, DelayQueue } from "./delay-queue.ts";
import type { SeatConditions } from "./seat-conditions.ts";

/** Stands for "the sending side ended" in a queue, behind the bytes it sent before. */
const END = Buffer.alloc(0);

export interface LinkOptions {
  seatId: string;
  conditions: SeatConditions;
  clock: Clock;
  log: (line: string) => void;
}

/**
 * Joins `page` and `room` until either closes or the seat's connection is dropped. `opening` (the
 * upgrade request) goes to the room first, on the seat's latency as the rest.
 */
export function linkSeat(page: Duplex, room: Duplex, options: LinkOptions, opening: Buffer[] = []): void {
  const { seatId, conditions, clock } = options;
  const budget = conditions.budget(seatId);
  let detach = () => {};
  let dropped = false;
  const drop = () => {
    dropped = true;
    toRoom.clear();
    toPage.clear();
    page.destroy();
    room.destroy();
    detach();
  };
  const toRoom = new DelayQueue<Buffer>(clock, budget, (chunk) => forward(chunk, page, room));
  const toPage = new DelayQueue<Buffer>(clock, budget, (chunk) => forward(chunk, room, page));
  detach = conditions.attach(seatId, { drop });

  const pusher = (queue: DelayQueue<Buffer>) => (chunk: Buffer) => {
    if (dropped) return;
    const result = queue.push(chunk, conditions.oneWayDelay(seatId));
    if (!result.ok) {
      options.log(`seat ${seatId}: ${result.message}; its connection was dropped`);
      drop();
    } else if (result.delayed) conditions.countDelayed(seatId);
  };
  for (const chunk of opening) pusher(toRoom)(chunk);
  const relay = (from: Duplex, queue: DelayQueue<Buffer>) => {
    let ended = false;
    const push = pusher(queue);
    from.on("data", (chunk: Buffer) => push(chunk));
    const end = () => {
      if (ended) return;
      ended = true;
      push(END);
    };
    from.on("end", end);
    from.on("close", end);
  };
  relay(page, toRoom);
  relay(room, toPage);

  let closed = 0;
  for (const socket of [page, room]) {
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      if (++closed === 2) detach();
    });
  }
}

/** Writes a chunk that left its queue; a full socket pauses its source until it drains. */
function forward(chunk: Buffer, from: Duplex, to: Duplex) {
  if (to.destroyed) return;
  if (chunk === END) {
    to.end();
    return;
  }
  if (!to.write(chunk) && !from.isPaused()) {
    from.pause();
    to.once("drain", () => from.resume());
  }
}
