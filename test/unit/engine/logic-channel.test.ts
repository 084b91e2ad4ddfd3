import { describe, expect, it } from "vitest";
import { type ChannelEnd, type ChannelEvents, ChannelRunner } from "../../../src/engine/channel-runner";
import { describeGame, MAX_TICK_RATE } from "../../../src/engine/describe-game";
import { answerChannelRequest } from "../../../src/engine/logic-channel";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import type { GameDefinition, LogicInput } from "../../../src/engine/types";
import counter from "../../fixtures/counter.logic.js";
import json from "../../fixtures/json.logic.js";

const LIMITS = { calls: 1_000, spentMs: 100, callMs: 5_000 };
const input = (state: unknown): LogicInput => ({
  state,
  playerId: null,
  players: [{ id: "alice" }, { id: "bob" }],
  gameTime: 1_000,
  tick: 0,
  inputs: {},
  presence: { online: ["alice", "bob"], seen: ["alice", "bob"] },
  rng: 42,
  deadlines: {},
});
const add = (n: number, playerId = "alice") => ({ action: "add", payload: { n }, playerId });

/**
 * Channels into an in-process "sandbox": each request text is answered by answerChannelRequest, as
 * the engine template answers it, unless a test scripts the other end itself (`reply`).
 */
class Sandbox {
  readonly channels: { events: ChannelEvents; closed: boolean; sent: string[] }[] = [];
  time = 0;
  /** When set, the sandbox does not answer: the test replies with `reply`. */
  manual = false;
  /** Time a call takes, by the runner's clock. */
  callMs = 0;
  failOpen: Error | null = null;
  /** When set, opening a channel waits for this promise (a sandbox that takes long to start). */
  openGate: Promise<void> | null = null;
  /** The looks at the calls the runner asked for (watch), each in ms from then. */
  readonly watches: number[] = [];

  readonly game: GameDefinition;

  constructor(game: GameDefinition) {
    this.game = game;
  }

  readonly now = () => this.time;

  readonly open = async (events: ChannelEvents): Promise<ChannelEnd> => {
    if (this.failOpen) throw this.failOpen;
    if (this.openGate) await this.openGate;
    const channel = { events, closed: false, sent: [] as string[] };
    this.channels.push(channel);
    return {
      send: (text) => {
        if (channel.closed) throw new Error("closed");
        channel.sent.push(text);
        if (this.manual) return;
        void answerChannelRequest(this.game, text).then((reply) => {
          this.time += this.callMs;
          if (!channel.closed) events.message(reply);
        });
      },
      close: () => {
        channel.closed = true;
      },
    };
  };

  runner(limits = LIMITS) {
    return new ChannelRunner(this.open, limits, this.now, { watch: (inMs) => this.watches.push(inMs) });
  }

  /** The newest channel's events, to reply or close from the sandbox's side. */
  get last() {
    const channel = this.channels.at(-1);
    if (!channel) throw new Error("no channel");
    return channel;
  }

  /** Sent requests' ids on the newest channel. */
  ids(): number[] {
    return this.last.sent.map((text) => (JSON.parse(text) as { id: number }).id);
  }
}

/** Lets the in-process sandbox's answers (promise callbacks) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("calls over the channel", () => {
  it("answer what the in-process runner answers: describe, setup, a batch of actions", async () => {
    const runner = new Sandbox(counter).runner();
    const local = new LocalLogicRunner(counter);
    expect(await runner.describe()).toEqual(await local.describe());
    const setup = { kind: "setup" as const, input: input(null) };
    expect(await runner.run(setup)).toEqual(await local.run(setup));
    const batch = [add(2), { action: "explode", payload: {}, playerId: "bob" }, add(3, "bob"), add(-1)];
    const state = { count: 0, seats: ["alice", "bob"], rolls: [], timeouts: [] };
    expect(await runner.runActions(input(state), batch)).toEqual(await local.runActions(input(state), batch));
  });

  it("carries events and deadlines without data (no data key at all)", async () => {
    const runner = new Sandbox(json).runner();
    const [result] = await runner.runActions(input({ count: 0 }), [
      { action: "plainEvent", payload: {}, playerId: "alice" },
    ]);
    expect(result).toEqual({
      ok: true,
      result: expect.objectContaining({ events: [{ name: "plain" }], deadlines: { bare: { at: 61_000 } } }),
    });
  });

  it("refuses, as the whole call, a state JSON would change: the message says what is wrong", async () => {
    const runner = new Sandbox(json).runner();
    const nan = { action: "nan", payload: {}, playerId: "alice" };
    await expect(runner.runActions(input({ count: 0 }), [nan])).rejects.toThrow("state holds a non-finite number");
    const fn = { action: "fn", payload: {}, playerId: "alice" };
    await expect(runner.runActions(input({ count: 0 }), [fn])).rejects.toThrow("state holds a function");
    // The channel is still good for the next call.
    expect(
      await runner.runActions(input({ count: 0 }), [{ action: "plainEvent", payload: {}, playerId: "a" }]),
    ).toHaveLength(1);
  });

  it("refuses, as the whole call, a result JSON cannot write (a BigInt in an event)", async () => {
    const runner = new Sandbox(json).runner();
    const big = { action: "bigEvent", payload: {}, playerId: "alice" };
    await expect(runner.runActions(input({ count: 0 }), [big])).rejects.toThrow(/BigInt/);
  });

  it("opens one channel for calls that arrive while it opens, and keeps it", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner();
    await Promise.all([runner.describe(), runner.describe(), runner.describe()]);
    await runner.describe();
    expect(sandbox.channels).toHaveLength(1);
    expect(runner.opened).toBe(1);
  });
});

describe("a channel's limits", () => {
  it("is retired after `calls` calls: it closes once answered and the next call opens another", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner({ ...LIMITS, calls: 3, spentMs: 1_000 });
    for (let i = 0; i < 3; i++) await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true]);
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true, false]);
  });

  it("is retired once its calls took `spentMs` in all, by the runner's clock", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.callMs = 40;
    const runner = sandbox.runner({ ...LIMITS, calls: 1_000, spentMs: 100 });
    await runner.describe();
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([false]);
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true]);
    await runner.describe();
    expect(sandbox.channels).toHaveLength(2);
  });
});

describe("what the room does not take from the sandbox's word", () => {
  it("caps the tick rate describe claims at the room's limit; a negative one is no tick loop", async () => {
    for (const [claimed, runs] of [
      [1_000, MAX_TICK_RATE],
      [-5, 0],
      [20, 20],
    ]) {
      const sandbox = new Sandbox(counter);
      sandbox.manual = true;
      const runner = sandbox.runner();
      const described = runner.describe();
      await settle();
      const [id] = sandbox.ids();
      const value = { ...describeGame(counter), tickRate: claimed };
      sandbox.last.events.message(JSON.stringify({ id, ok: true, value }));
      expect((await described).tickRate).toBe(runs);
    }
  });
});

describe("globals written in the sandbox (dev)", () => {
  it("are named in the reply when the sandbox has a guard, and the runner tells the room", async () => {
    const written = [["lastMove"], [], ["JSON.stringify"]];
    const reply = await answerChannelRequest(counter, '{"id":1,"op":"describe"}', () => written.shift() ?? []);
    expect(JSON.parse(reply)).toMatchObject({ id: 1, ok: true, globalWrites: ["lastMove"] });
    expect(JSON.parse(await answerChannelRequest(counter, '{"id":2,"op":"describe"}'))).not.toHaveProperty(
      "globalWrites",
    );

    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const told: string[][] = [];
    const runner = new ChannelRunner(sandbox.open, LIMITS, sandbox.now, { globalWrites: (names) => told.push(names) });
    const described = runner.describe();
    await settle();
    sandbox.last.events.message(reply);
    await described;
    expect(told).toEqual([["lastMove"]]);
  });
});

describe("the quiet before a call (the room closes the channel after a call that came after a long one)", () => {
  it("is Infinity before the first call, then the time since the last call was sent or answered, across channels", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner();
    expect(runner.quietBeforeLastCall).toBe(Number.POSITIVE_INFINITY);
    await runner.runActions(input({ count: 0 }), [add(1)]);
    expect(runner.quietBeforeLastCall).toBe(Number.POSITIVE_INFINITY);
    sandbox.time += 40;
    await runner.runActions(input({ count: 1 }), [add(1)]);
    expect(runner.quietBeforeLastCall).toBe(40);
    runner.close();
    sandbox.time += 5_000;
    await runner.runActions(input({ count: 2 }), [add(1)]);
    expect(runner.quietBeforeLastCall).toBe(5_000);
    expect(sandbox.channels).toHaveLength(2);
  });

  it("counts from the answer of a call that took long, not from its sending", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.callMs = 300;
    const runner = sandbox.runner();
    await runner.runActions(input({ count: 0 }), [add(1)]);
    sandbox.time += 10;
    await runner.runActions(input({ count: 1 }), [add(1)]);
    expect(runner.quietBeforeLastCall).toBe(10);
  });
});

describe("a call's deadline", () => {
  it("fails a call that waits past `callMs` at the look it asked for, as a thrown error; the next call opens a new channel", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    const hung = runner.describe();
    await settle();
    expect(sandbox.watches).toEqual([LIMITS.callMs]);
    sandbox.time += LIMITS.callMs - 1;
    expect(runner.failOverdue()).toBe(0);
    // Not yet due: it asks for the next look, 1 ms on.
    expect(sandbox.watches).toEqual([LIMITS.callMs, 1]);
    sandbox.time += 1;
    expect(runner.failOverdue()).toBe(1);
    await expect(hung).rejects.toThrow(`the call took longer than ${LIMITS.callMs} ms`);
    expect(sandbox.last.closed).toBe(true);
    sandbox.manual = false;
    expect((await runner.describe()).actions).toContain("add");
    expect(sandbox.channels).toHaveLength(2);
  });

  it("asks for one look at a time, not one per call", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner();
    for (let i = 0; i < 5; i++) await runner.describe();
    expect(sandbox.watches).toEqual([LIMITS.callMs]);
    expect(runner.failOverdue()).toBe(0);
    await runner.describe();
    expect(sandbox.watches).toEqual([LIMITS.callMs, LIMITS.callMs]);
  });

  it("gives up on a sandbox that does not start within `callMs`; should it open later, that channel is closed unused", async () => {
    const sandbox = new Sandbox(counter);
    let start = () => {};
    sandbox.openGate = new Promise((resolve) => {
      start = resolve;
    });
    const runner = sandbox.runner();
    const waiting = runner.describe();
    await settle();
    sandbox.time += LIMITS.callMs;
    expect(runner.failOverdue()).toBe(1);
    await expect(waiting).rejects.toThrow(`the sandbox did not start within ${LIMITS.callMs} ms`);
    sandbox.openGate = null;
    start();
    await settle();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true]);
    expect((await runner.describe()).actions).toContain("add");
  });
});

describe("idle and closing", () => {
  it("tells how long the open channel has been idle: not while a call waits, not once closed", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner({ ...LIMITS, calls: 1_000, spentMs: 1_000 });
    expect(runner.idleSince()).toBeNull();
    sandbox.time = 500;
    sandbox.manual = true;
    const waiting = runner.describe();
    await settle();
    expect(runner.idleSince()).toBeNull();
    expect(runner.isOpen).toBe(true);
    sandbox.time = 700;
    const [id] = sandbox.ids();
    sandbox.last.events.message(await answerChannelRequest(counter, sandbox.last.sent[0] as string));
    await waiting;
    expect(id).toBe(1);
    expect(runner.idleSince()).toBe(700);
    runner.close();
    expect(runner.idleSince()).toBeNull();
    expect(runner.isOpen).toBe(false);
    expect(sandbox.last.closed).toBe(true);
  });

  it("fails a call still waiting when the room closes the channel", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    const waiting = runner.describe();
    await settle();
    runner.close();
    await expect(waiting).rejects.toThrow("the room closed the channel");
  });
});

describe("a channel that breaks", () => {
  it("fails the calls it carried when it closes from the sandbox's side; the next call opens a new one", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    const first = runner.describe();
    const second = runner.describe();
    await settle();
    sandbox.last.events.closed("code 1011");
    await expect(first).rejects.toThrow("the sandbox's channel closed (code 1011)");
    await expect(second).rejects.toThrow("code 1011");
    sandbox.manual = false;
    expect((await runner.describe()).actions).toContain("add");
    expect(sandbox.channels).toHaveLength(2);
  });

  it("is closed when the sandbox says something unexpected: text that is not a reply, or an id nobody asked", async () => {
    for (const reply of ["not json", '{"id":99,"ok":true,"value":{}}', '{"hello":1}']) {
      const sandbox = new Sandbox(counter);
      sandbox.manual = true;
      const runner = sandbox.runner();
      const waiting = runner.describe();
      await settle();
      sandbox.last.events.message(reply);
      await expect(waiting).rejects.toThrow("the sandbox sent a reply the room did not ask for");
      expect(sandbox.last.closed).toBe(true);
    }
  });

  it("names a request the sandbox could not read, and a value of the wrong shape", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    const refused = runner.describe();
    await settle();
    sandbox.last.events.message(await answerChannelRequest(counter, "{broken"));
    await expect(refused).rejects.toThrow(/^the sandbox refused a request: .*JSON/);
    const malformed = runner.describe();
    await settle();
    const [id] = sandbox.ids();
    sandbox.last.events.message(JSON.stringify({ id, ok: true, value: { actions: "add" } }));
    await expect(malformed).rejects.toThrow("the sandbox answered describe with a malformed value");
  });

  it("fails a call whose channel cannot be opened (the sandbox did not start), and tries again on the next", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.failOpen = new Error("logic.js threw at load: boom");
    const runner = sandbox.runner();
    await expect(runner.describe()).rejects.toThrow("logic.js threw at load: boom");
    expect(runner.isOpen).toBe(false);
    sandbox.failOpen = null;
    expect((await runner.describe()).actions).toContain("add");
  });
});

describe("the sandbox's side", () => {
  it("answers an unknown operation and a request without an id with ok: false", async () => {
    expect(JSON.parse(await answerChannelRequest(counter, '{"id":4,"op":"dance"}'))).toEqual({
      id: 4,
      ok: false,
      error: 'unknown channel operation "dance"',
    });
    expect(JSON.parse(await answerChannelRequest(counter, '{"op":"describe"}'))).toEqual({
      id: null,
      ok: false,
      error: "the request has no id",
    });
  });
});
