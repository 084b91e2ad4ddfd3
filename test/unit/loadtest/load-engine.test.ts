import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type WebSocket, WebSocketServer } from "ws";
import {
  type LoadClock,
  type LoadPlan,
  type LoadTarget,
  runLoad,
  type SeatAddress,
} from "../../../tools/loadtest/load-engine.ts";
import { GAME_OVER, roomWireTarget, type SeatView, type WireMove } from "../../../tools/loadtest/room-wire-target.ts";

/**
 * The load engine's counting against a tiny room server on loopback that answers by rule: the
 * engine runs on a clock of its own, whose every sleep waits until the server has seen every
 * frame sent so far and the client every answer and close, so the counts never depend on timing.
 */

type Answer = "ack" | "refuse" | "drop" | "close";

interface TinyServer {
  url: string;
  /** Actions received, by "room/seat". */
  received: Map<string, number>;
  /** Inputs received, by "room/seat". */
  inputs: Map<string, number>;
  close(): Promise<void>;
}

const servers: TinyServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Counts frames both ways; `settled()` resolves once everything sent has been received. */
class Traffic {
  clientSent = 0;
  serverReceived = 0;
  serverAnswered = 0;
  clientAnswered = 0;
  private waiters: (() => void)[] = [];

  changed() {
    if (!this.isSettled()) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  settled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private isSettled() {
    return this.clientSent === this.serverReceived && this.serverAnswered === this.clientAnswered;
  }
}

async function tinyServer(
  traffic: Traffic,
  answer: (seq: number, room: string, seat: string) => Answer,
  refuseUpgrade: (room: string, seat: string) => boolean = () => false,
): Promise<TinyServer> {
  const received = new Map<string, number>();
  const inputs = new Map<string, number>();
  const wss = new WebSocketServer({
    host: "127.0.0.1",
    port: 0,
    verifyClient: (info, done) => {
      const url = new URL(info.req.url ?? "/", "http://x");
      done(!refuseUpgrade(url.searchParams.get("room") ?? "", url.searchParams.get("seat") ?? ""), 403);
    },
  });
  await new Promise((resolve) => wss.once("listening", resolve));
  wss.on("connection", (ws: WebSocket, request) => {
    const url = new URL(request.url ?? "/", "http://x");
    const room = url.searchParams.get("room") ?? "";
    const seat = url.searchParams.get("seat") ?? "";
    ws.send(JSON.stringify({ type: "__state", state: {} }));
    let acks = 0;
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as { type: string; seq: number };
      const key = `${room}/${seat}`;
      if (frame.type === "__input") {
        inputs.set(key, (inputs.get(key) ?? 0) + 1);
        traffic.serverReceived++;
        traffic.changed();
        return;
      }
      received.set(key, (received.get(key) ?? 0) + 1);
      const reply = answer(frame.seq, room, seat);
      if (reply === "ack") {
        acks++;
        ws.send(JSON.stringify({ type: "__action_result", ack: frame.seq, state: { acks } }));
      }
      if (reply === "refuse") ws.send(JSON.stringify({ type: "__action_error", code: "slow_down", seq: frame.seq }));
      if (reply === "close") ws.close(1011);
      // Every frame but "drop" gets an answer: an ack, an error, or the close.
      if (reply !== "drop") traffic.serverAnswered++;
      traffic.serverReceived++;
      traffic.changed();
    });
  });
  const server: TinyServer = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    received,
    inputs,
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
  servers.push(server);
  return server;
}

const ADD = { action: "add", payload: { n: 1 } };

/** The room protocol's target, with every frame sent and every answer (ack, error, close) counted in `traffic`. */
function countedTarget(
  server: TinyServer,
  traffic: Traffic,
  move: (address: SeatAddress, view: SeatView) => WireMove = () => ADD,
): LoadTarget {
  const target = roomWireTarget({
    url: ({ room, seat }) => `${server.url}/?room=${room}&seat=${seat}`,
    move,
  });
  return {
    openSeat: async (address, events) => {
      const answered = (then: () => void) => {
        then();
        traffic.clientAnswered++;
        traffic.changed();
      };
      const connection = await target.openSeat(address, {
        acked: (seq) => answered(() => events.acked(seq)),
        refused: (seq, code) => answered(() => events.refused(seq, code)),
        closed: () => answered(() => events.closed()),
      });
      return {
        send: (seq) => {
          const kind = connection.send(seq);
          if (kind === "action" || kind === "input") traffic.clientSent++;
          return kind;
        },
        close: () => connection.close(),
      };
    },
  };
}

/** Virtual time: a sleep moves it on, once the traffic so far has settled. */
function settlingClock(traffic: Traffic): LoadClock {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += ms;
      await traffic.settled();
    },
  };
}

const plan = (traffic: Traffic, more: Partial<LoadPlan> = {}): LoadPlan => ({
  rooms: 2,
  seats: 3,
  ratePerSeat: 10,
  durationMs: 1000,
  drainMs: 500,
  clock: settlingClock(traffic),
  ...more,
});

describe("load engine", () => {
  it("counts every action sent as acked, refused by code, or lost, and spreads the plan over every seat", async () => {
    const traffic = new Traffic();
    // Each seat sends seq 1..10: 5 and 10 go unanswered, 3, 6 and 9 are refused, the other five acked.
    const server = await tinyServer(traffic, (seq) => (seq % 5 === 0 ? "drop" : seq % 3 === 0 ? "refuse" : "ack"));

    const report = await runLoad(countedTarget(server, traffic), plan(traffic));

    expect(report).toMatchObject({
      offeredPerSecond: 60,
      planned: 60,
      seatsOpened: 6,
      sent: 60,
      acked: 30,
      errors: { slow_down: 18 },
      errorCount: 18,
      lost: 12,
    });
    expect(report.sent).toBe(report.acked + report.errorCount + report.lost);
    expect(report.roundTripsMs).toHaveLength(30);
    expect([...server.received.entries()].sort()).toEqual(
      ["0/0", "0/1", "0/2", "1/0", "1/1", "1/2"].map((seat) => [seat, 10]),
    );
  });

  it("keeps sending on schedule when the server answers nothing (open loop): all of it is lost", async () => {
    const traffic = new Traffic();
    const server = await tinyServer(traffic, () => "drop");

    const report = await runLoad(countedTarget(server, traffic), plan(traffic));

    expect(report).toMatchObject({ sent: 60, acked: 0, errorCount: 0, lost: 60, achievedPerSecond: 0 });
  });

  it("counts the unanswered actions of a connection that closes as connection_closed and sends no more on it", async () => {
    const traffic = new Traffic();
    // Room 1's seat 0 is closed by the server at its 4th action; seq 2 of every seat goes unanswered.
    const server = await tinyServer(traffic, (seq, room, seat) =>
      room === "1" && seat === "0" && seq === 4 ? "close" : seq === 2 ? "drop" : "ack",
    );

    const report = await runLoad(countedTarget(server, traffic), plan(traffic));

    // The closed seat sent 4 of its 10: seq 2 and 4 were unanswered when it closed.
    expect(report).toMatchObject({ planned: 60, sent: 54, errors: { connection_closed: 2 }, lost: 5 });
    expect(report.acked).toBe(54 - 2 - 5);
    expect(server.received.get("1/0")).toBe(4);
  });

  it("reports seats that cannot open, which send nothing", async () => {
    const traffic = new Traffic();
    const server = await tinyServer(
      traffic,
      () => "ack",
      (room, seat) => room === "1" && seat === "2",
    );

    const report = await runLoad(countedTarget(server, traffic), plan(traffic));

    expect(report).toMatchObject({
      seatsOpened: 5,
      seatFailures: { upgrade_refused_403: 1 },
      sent: 50,
      acked: 50,
      lost: 0,
    });
    expect(server.received.has("1/2")).toBe(false);
  });

  it("reports progress as it goes, each time with sent = acked + errors + in flight", async () => {
    const traffic = new Traffic();
    const server = await tinyServer(traffic, (seq) => (seq % 4 === 0 ? "refuse" : seq % 3 === 0 ? "drop" : "ack"));
    const progress: { elapsedMs: number; sent: number; acked: number; errors: number; inFlight: number }[] = [];

    const report = await runLoad(
      countedTarget(server, traffic),
      plan(traffic, { progressEveryMs: 250, onProgress: (p) => progress.push(p) }),
    );

    expect(progress.length).toBeGreaterThanOrEqual(4);
    expect(progress.map((p) => p.elapsedMs)).toEqual([...progress.map((p) => p.elapsedMs)].sort((a, b) => a - b));
    for (const p of progress) expect(p.sent).toBe(p.acked + p.errors + p.inFlight);
    expect(progress.at(-1)?.sent).toBe(report.sent);
  });

  it("sends what a seat's move picks from the room as that seat last saw it: inputs counted apart, idle and game-over turns send nothing", async () => {
    const traffic = new Traffic();
    const server = await tinyServer(traffic, () => "ack");
    // Each seat acts until its acks reach 3 (the state of its latest answer says how many); then
    // seat 0 of each room waits, seat 1 has its game over and seat 2 sends inputs.
    const move = ({ seat }: SeatAddress, view: SeatView): WireMove => {
      const acks = (view.state as { acks?: number }).acks ?? 0;
      if (acks < 3) return ADD;
      return [null, GAME_OVER, { input: { dx: 1 } }][seat] as WireMove;
    };

    const report = await runLoad(countedTarget(server, traffic, move), plan(traffic));

    expect(report).toMatchObject({
      ...{ planned: 60, sent: 18, acked: 18, errorCount: 0, lost: 0 },
      ...{ inputs: 14, idle: 14, over: 14 },
    });
    expect([...server.received.values()]).toEqual([3, 3, 3, 3, 3, 3]);
    expect([...server.inputs.entries()].sort()).toEqual(["0/2", "1/2"].map((seat) => [seat, 7]));
  });
});
