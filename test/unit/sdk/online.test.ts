import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionEvents } from "../../../browser/sdk/events";
import { selectMode } from "../../../browser/sdk/mode";
import { HEARTBEAT_MS, RECONNECT_MAX_MS, reconnectDelay } from "../../../browser/sdk/online-connection";
import { OnlineSession } from "../../../browser/sdk/online-session";
import ticTacToe from "../../../examples/tic-tac-toe/src/logic.ts";
import { PING_FRAME } from "../../../src/engine/protocol";
import { socketFactory } from "./fake-socket";

const ROSTER = [{ id: "alice" }, { id: "bob" }];
const EMPTY_BOARD = Array(9).fill(null);
const boardState = (board: (string | null)[], turn = "X") => ({
  board,
  seats: { X: "alice", O: "bob" },
  turn,
  winner: null,
  winningLine: null,
  draw: false,
  timeouts: 0,
  everyoneJoined: true,
  turnEndsAt: 20_000,
});

/** Alice's client against a scripted room: the test sends the server's frames. */
async function aliceOnline() {
  const clock = { now: 1_000 };
  const sockets = socketFactory();
  const mode = selectMode(
    new URLSearchParams({
      server: "http://127.0.0.1:8810/rooms",
      roomId: "room-1",
      revisionId: "dev-1",
      seatId: "alice",
      players: JSON.stringify(ROSTER),
    }),
  );
  if (mode.kind !== "online") throw new Error("expected online mode");
  const session = new OnlineSession(
    mode,
    ticTacToe,
    sockets.create,
    () => clock.now,
    () => 0.5,
  );
  const seen: { [K in keyof SessionEvents]?: SessionEvents[K][] } = {};
  for (const name of [
    "state",
    "events",
    "actionError",
    "actionLost",
    "pause",
    "presence",
    "connection",
    "start",
  ] as const) {
    const list: unknown[] = [];
    seen[name] = list as never;
    session.on(name, (value) => list.push(value));
  }
  await Promise.resolve();
  const socket = sockets.latest();
  socket.accept();
  socket.serverSends({
    type: "__state",
    state: boardState(EMPTY_BOARD),
    gameTime: 0,
    tick: 0,
    started: true,
    frozen: false,
    players: ROSTER,
    you: { seatId: "alice" },
  });
  return { session, sockets, socket, clock, seen };
}

/** A __state of an empty board whose `you` says what the room holds of this client. */
function stateFrame(you: Record<string, unknown>) {
  return { type: "__state", state: boardState(EMPTY_BOARD), gameTime: 1, tick: 0, started: true, frozen: false, you };
}

/** After a drop: the SDK's first reconnect, accepted, and the room's __state with `you`. */
function reconnectWithState(sockets: ReturnType<typeof socketFactory>, you: Record<string, unknown>) {
  vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
  const next = sockets.latest();
  next.accept();
  next.serverSends(stateFrame(you));
  return next;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("online mode: one WebSocket to the room", () => {
  it("opens one socket to the room's URL with seat and roster", async () => {
    const { sockets, session } = await aliceOnline();
    expect(sockets.sockets).toHaveLength(1);
    expect(sockets.latest().url).toMatch(
      new RegExp(
        `^ws://127\\.0\\.0\\.1:8810/rooms/ws/games/dev-1/room-1\\?seatId=alice&players=${encodeURIComponent(
          JSON.stringify(ROSTER),
        ).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}&client=[A-Za-z0-9_-]{22}$`,
      ),
    );
    expect(session.state.board).toEqual(EMPTY_BOARD);
    expect(session.players).toEqual(ROSTER);
  });

  it('sends exactly {"type":"__ping"} every 25 s while open', async () => {
    const { socket } = await aliceOnline();
    vi.advanceTimersByTime(HEARTBEAT_MS - 1);
    expect(socket.sent).not.toContain(PING_FRAME);
    vi.advanceTimersByTime(1);
    expect(socket.sent.filter((frame) => frame === PING_FRAME)).toHaveLength(1);
    vi.advanceTimersByTime(HEARTBEAT_MS * 2);
    expect(socket.sent.filter((frame) => frame === PING_FRAME)).toHaveLength(3);
  });
});

describe("online mode: prediction and reconciliation", () => {
  it("shows a predicted action at once, then the room's state on __action_result", async () => {
    const { session, socket, seen } = await aliceOnline();
    const seq = session.act("place", { cell: 4 });
    expect(socket.messages.at(-1)).toEqual({ type: "__action", action: "place", payload: { cell: 4 }, seq });
    expect(session.state.board[4]).toBe("X");
    expect(session.state.turn).toBe("O");
    expect(seen.state?.at(-1)?.reason).toBe("predicted");

    const confirmed = boardState([null, null, null, null, "X", null, null, null, null], "O");
    socket.serverSends({
      type: "__action_result",
      state: confirmed,
      events: [{ name: "placed" }],
      serverEvents: [],
      ack: seq,
      gameTime: 500,
    });
    expect(session.state).toEqual(confirmed);
    expect(seen.events?.at(-1)).toMatchObject({ events: [{ name: "placed" }] });
  });

  it("rolls a prediction back on __action_error and reports the error", async () => {
    const { session, socket, seen } = await aliceOnline();
    const seq = session.act("place", { cell: 0 });
    expect(session.state.board[0]).toBe("X");
    socket.serverSends({ type: "__action_error", code: "action_failed", error: "Not your turn", seq });
    expect(session.state.board).toEqual(EMPTY_BOARD);
    expect(seen.actionError?.at(-1)).toEqual({ code: "action_failed", error: "Not your turn", seq, action: "place" });
    expect(seen.state?.at(-1)?.reason).toBe("rollback");
  });

  it("does not predict an action the game refuses locally, but still lets the room decide", async () => {
    const { session, socket } = await aliceOnline();
    session.act("place", { cell: 42 });
    expect(socket.messages.at(-1)).toMatchObject({ type: "__action", action: "place" });
    expect(session.state.board).toEqual(EMPTY_BOARD);
  });

  it("replays pending predictions on top of another seat's result", async () => {
    const { session, socket } = await aliceOnline();
    // The room has not seen alice's move yet; a deadline passes the turn first... then her move.
    socket.serverSends({
      type: "__action_result",
      state: { ...boardState(EMPTY_BOARD, "X"), timeouts: 1 },
      events: [],
      serverEvents: [],
      ack: null,
      deadline: "turnTimer",
      gameTime: 20_000,
    });
    session.act("place", { cell: 8 });
    socket.serverSends({
      type: "__action_result",
      state: { ...boardState(EMPTY_BOARD, "X"), timeouts: 2 },
      events: [],
      serverEvents: [],
      ack: null,
      by: "bob",
      gameTime: 21_000,
    });
    expect(session.state.timeouts).toBe(2);
    expect(session.state.board[8]).toBe("X");
  });

  it("refuses an action at once while offline, with nothing predicted", async () => {
    const { session, socket, seen } = await aliceOnline();
    socket.drop();
    session.act("place", { cell: 1 });
    expect(seen.actionError?.at(-1)).toMatchObject({ code: "offline", action: "place" });
    expect(session.state.board[1]).toBeNull();
  });
});

describe("online mode: a room an operator closed", () => {
  it("reports 'ended' with the operator's message and never reconnects", async () => {
    const { sockets, socket, seen } = await aliceOnline();
    socket.serverSends({
      type: "__platform",
      message: { type: "room.closed", payload: { message: "Closed for abuse." } },
    });
    socket.drop(4001);
    expect(seen.connection?.at(-1)).toEqual({ status: "ended", attempt: 0, reason: "Closed for abuse." });
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 4);
    expect(sockets.sockets).toHaveLength(1);
  });

  it("any other close code reconnects as before", async () => {
    const { sockets, socket, seen } = await aliceOnline();
    socket.drop(4000);
    expect(seen.connection?.at(-1)).toEqual({ status: "closed", attempt: 0 });
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
    expect(sockets.sockets).toHaveLength(2);
  });
});

describe("online mode: reconnect", () => {
  it("reconnects after a drop with backoff and replaces the state entirely on __state", async () => {
    const { session, sockets, socket, seen } = await aliceOnline();
    session.act("place", { cell: 4 });
    socket.drop();
    expect(seen.connection?.at(-1)).toEqual({ status: "closed", attempt: 0 });
    expect(sockets.sockets).toHaveLength(1);
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
    expect(sockets.sockets).toHaveLength(2);

    const next = sockets.latest();
    next.accept();
    const restored = { board: EMPTY_BOARD, onlyThis: true };
    next.serverSends({
      type: "__state",
      state: restored,
      gameTime: 9_000,
      tick: 0,
      started: true,
      frozen: false,
      players: ROSTER,
    });
    expect(session.state).toEqual(restored);
    expect(session.gameTime()).toBe(9_000);
  });

  it("after a restart, reports each sent or acknowledged action the room no longer holds, and only those", async () => {
    const { session, sockets, socket, seen } = await aliceOnline();
    const clientId = new URL(socket.url).searchParams.get("client");
    const first = session.act("place", { cell: 0 });
    const second = session.act("place", { cell: 4 });
    const third = session.act("place", { cell: 8 });
    const ackOf = (seq: number, board: (string | null)[]) =>
      socket.serverSends({
        type: "__action_result",
        state: boardState(board, "O"),
        events: [],
        serverEvents: [],
        ack: seq,
        gameTime: 1,
      });
    ackOf(first, ["X", ...EMPTY_BOARD.slice(1)]);
    ackOf(second, ["X", null, null, null, "X", ...EMPTY_BOARD.slice(5)]);
    socket.drop(); // the room's process died: `third` was never answered
    // The restored record holds the first action only: the second was acknowledged, then lost with the restart.
    const next = reconnectWithState(sockets, { lastSeq: first });
    expect(new URL(next.url).searchParams.get("client")).toBe(clientId);
    expect(seen.actionLost).toEqual([
      { seq: second, action: "place", payload: { cell: 4 } },
      { seq: third, action: "place", payload: { cell: 8 } },
    ]);
    // Settled once: a later __state (a state request, another reconnect) reports nothing again.
    next.serverSends(stateFrame({ lastSeq: first }));
    expect(seen.actionLost).toHaveLength(2);
  });

  it("reports nothing lost when the room holds every action, and nothing at all from a room that does not say", async () => {
    const { session, sockets, socket, seen } = await aliceOnline();
    const seq = session.act("place", { cell: 2 });
    socket.drop(); // applied and stored, but the answer never arrived
    reconnectWithState(sockets, { lastSeq: seq });
    expect(seen.actionLost).toEqual([]);

    session.act("place", { cell: 3 });
    sockets.latest().drop();
    reconnectWithState(sockets, {});
    expect(seen.actionLost).toEqual([]);
  });

  it("backs off exponentially with jitter, capped", () => {
    expect(reconnectDelay(1, () => 0)).toBe(250);
    expect(reconnectDelay(1, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(2_000);
    expect(reconnectDelay(2, () => 0.5)).not.toBe(reconnectDelay(2, () => 0.9));
    expect(reconnectDelay(30, () => 1)).toBe(RECONNECT_MAX_MS);
  });

  it("keeps retrying while the room is unreachable, and stops after close()", async () => {
    const { session, sockets, socket } = await aliceOnline();
    socket.drop();
    vi.advanceTimersByTime(reconnectDelay(1, () => 0.5));
    sockets.latest().drop();
    vi.advanceTimersByTime(reconnectDelay(2, () => 0.5));
    expect(sockets.sockets).toHaveLength(3);
    session.close();
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets.sockets).toHaveLength(3);
  });
});

describe("online mode: input, game time, presence and pause", () => {
  it("sends at most 20 inputs per second, the latest value last", async () => {
    const { session, socket } = await aliceOnline();
    for (let i = 0; i < 100; i++) {
      session.input({ dx: i });
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(100);
    const inputs = socket.messages.filter((m) => m.type === "__input");
    expect(inputs.length).toBeLessThanOrEqual(21);
    expect(inputs.length).toBeGreaterThanOrEqual(19);
    expect(inputs.at(-1)).toEqual({ type: "__input", data: { dx: 99 } });
  });

  it("advances game time locally from the room's gameTime and stops it while frozen", async () => {
    const { session, socket, clock, seen } = await aliceOnline();
    clock.now += 1_500;
    expect(session.gameTime()).toBe(1_500);
    socket.serverSends({ type: "__pause_state", frozen: true, by: "bob", gameTime: 1_600 });
    expect(seen.pause?.at(-1)).toEqual({ frozen: true, by: "bob", gameTime: 1_600 });
    expect(session.frozen).toBe(true);
    clock.now += 10_000;
    expect(session.gameTime()).toBe(1_600);
  });

  it("exposes presence messages and ignores unknown platform messages", async () => {
    const { socket, seen } = await aliceOnline();
    const payload = {
      serverNow: 1,
      seats: [{ seatId: "alice", online: true, connections: 1, nickname: null, voice: null }],
      observers: { count: 0 },
      pause: { frozen: false, paused: false, by: null },
    };
    socket.serverSends({ type: "__platform", message: { type: "presence", payload } });
    socket.serverSends({ type: "__platform", message: { type: "future.thing", payload: {} } });
    expect(seen.presence).toEqual([payload]);
  });

  it("pause and resume are platform messages to the room", async () => {
    const { session, socket } = await aliceOnline();
    session.pause();
    session.resume();
    expect(socket.messages.slice(-2)).toEqual([
      { type: "__platform", message: { type: "pause.request" } },
      { type: "__platform", message: { type: "pause.resume" } },
    ]);
  });
});

describe("online mode: who is who, for the page", () => {
  it("names each seat by the roster's name, else by the display name its connections brought, its id only as the last resort", async () => {
    const { session, socket } = await aliceOnline();
    // The roster here has no names and nobody brought one: the seat's id, the last resort.
    expect(session.nameOf("bob")).toBe("bob");
    socket.serverSends({
      type: "__state",
      state: boardState(EMPTY_BOARD),
      gameTime: 0,
      tick: 0,
      started: true,
      frozen: false,
      players: [{ id: "alice" }, { id: "bob", name: "Player 2" }],
      you: { seatId: "alice", observer: false },
    });
    expect(session.nameOf("alice")).toBe("alice");
    socket.serverSends({
      type: "__platform",
      message: {
        type: "presence",
        payload: {
          serverNow: 1,
          seats: [
            { seatId: "alice", online: true, connections: 1, nickname: "Alice", voice: null },
            { seatId: "bob", online: true, connections: 1, nickname: "Bob", voice: null },
          ],
          observers: { count: 0 },
          pause: { frozen: false, paused: false, by: null },
        },
      },
    });
    expect(session.nameOf("alice")).toBe("Alice");
    expect(session.nameOf("bob")).toBe("Player 2");
    expect(session.watching).toBe(false);
  });

  it("watches when the room says this connection holds no seat, or when it connected as a monitor", async () => {
    const { session, socket } = await aliceOnline();
    socket.serverSends(stateFrame({ seatId: "alice", observer: true }));
    expect(session.watching).toBe(true);

    const mode = selectMode(
      new URLSearchParams({
        server: "http://127.0.0.1:8810/rooms",
        roomId: "room-1",
        revisionId: "dev-1",
        seatId: "spectator",
        seatKind: "spectator",
        monitor: "1",
      }),
    );
    if (mode.kind !== "online") throw new Error("expected online mode");
    const monitor = new OnlineSession(mode, ticTacToe, socketFactory().create, () => 0);
    expect(monitor.watching).toBe(true);
    expect(monitor.hasLobby).toBe(false);
    monitor.close();
  });
});
