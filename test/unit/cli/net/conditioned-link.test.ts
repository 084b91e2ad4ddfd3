import { once } from "node:events";
import { connect, createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { linkSeat } from "../../../../tools/cli/net/conditioned-link.ts";
import { SeatConditions } from "../../../../tools/cli/net/seat-conditions.ts";
import { FakeClock } from "./fake-clock.ts";

let server: Server | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** Two loopback connections: [the end a peer holds, the end the harness holds]. */
async function pairs(): Promise<{ browser: Socket; page: Socket; room: Socket; roomServer: Socket }> {
  const accepted: Socket[] = [];
  server = createServer((socket) => accepted.push(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  const dial = async () => {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    while (accepted.length === 0) await once(server as Server, "connection");
    return [socket, accepted.shift() as Socket] as const;
  };
  const [browser, page] = await dial();
  const [room, roomServer] = await dial();
  sockets.push(browser, page, room, roomServer);
  return { browser, page, room, roomServer };
}

/** Resolves once the harness's own handler of `socket` has seen its next chunk (it is queued by then). */
const afterHarnessRead = (socket: Socket, event: "data" | "end" = "data") =>
  new Promise<void>((resolve) => socket.once(event, () => setImmediate(resolve)));

function setup(limits?: { maxChunks: number; maxBytes: number }) {
  const clock = new FakeClock();
  const conditions = new SeatConditions({ clock, seatIds: () => ["p1"], onChange: () => {}, limits });
  const log: string[] = [];
  return { clock, conditions, log, options: { seatId: "p1", conditions, clock, log: (l: string) => log.push(l) } };
}

describe("a seat's socket through the pass-through", () => {
  it("holds the page's bytes for half the added round trip, then hands them to the room in order", async () => {
    const { browser, page, room, roomServer } = await pairs();
    const { clock, conditions, options } = setup();
    conditions.setLatency("p1", 300);
    linkSeat(page, room, options, [Buffer.from("GET / HTTP/1.1\r\n\r\n")]);
    const received: string[] = [];
    roomServer.on("data", (chunk: Buffer) => received.push(chunk.toString()));
    const queued = afterHarnessRead(page);
    browser.write("frame-1|");
    await queued;
    clock.advanceTo(149);
    expect(received).toEqual([]);
    const arrived = once(roomServer, "data");
    clock.advanceTo(150);
    await arrived;
    while (received.join("").length < "GET / HTTP/1.1\r\n\r\nframe-1|".length) await once(roomServer, "data");
    expect(received.join("")).toBe("GET / HTTP/1.1\r\n\r\nframe-1|");
    expect(conditions.snapshot().seats.p1).toMatchObject({ connections: 1, delayedChunks: 2 });
  });

  it("the room's last bytes reach the page before the room's end does", async () => {
    const { browser, page, room, roomServer } = await pairs();
    const { clock, conditions, options } = setup();
    conditions.setLatency("p1", 1_000);
    linkSeat(page, room, options);
    const ended = afterHarnessRead(room, "end");
    roomServer.end("goodbye");
    await ended;
    let text = "";
    browser.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    const browserEnded = once(browser, "end");
    clock.advanceTo(500);
    await browserEnded;
    expect(text).toBe("goodbye");
  });

  it("drop closes both sides at once and forgets what waited", async () => {
    const { browser, page, room, roomServer } = await pairs();
    const { conditions, options } = setup();
    conditions.setLatency("p1", 300);
    linkSeat(page, room, options);
    const queued = afterHarnessRead(page);
    browser.write("never delivered");
    await queued;
    const closed = Promise.all([once(browser, "close"), once(roomServer, "close")]);
    expect(conditions.drop("p1")).toBe(1);
    await closed;
    expect(conditions.budget("p1")).toMatchObject({ chunks: 0, bytes: 0 });
    expect(conditions.snapshot().seats.p1?.connections).toBe(0);
  });

  it("more than the seat's cap waiting drops its connection and says so", async () => {
    const { browser, page, room, roomServer } = await pairs();
    const { conditions, options, log } = setup({ maxChunks: 10, maxBytes: 4 });
    conditions.setLatency("p1", 300);
    linkSeat(page, room, options);
    const closed = Promise.all([once(browser, "close"), once(roomServer, "close")]);
    browser.write("more than four bytes");
    await closed;
    expect(log).toEqual([
      expect.stringMatching(/^seat p1: more than 10 chunks or 4 bytes .*; its connection was dropped$/),
    ]);
    expect(conditions.snapshot().seats.p1?.connections).toBe(0);
  });
});
