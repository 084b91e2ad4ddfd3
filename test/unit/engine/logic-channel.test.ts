import { describe, expect, it } from "vitest";
import {
  type ChannelEnd,
  type ChannelEvents,
  ChannelRunner,
  type ChannelUsage,
} from "../../../src/engine/channel-runner";
import { describeGame, MAX_TICK_RATE } from "../../../src/engine/describe-game";
import { answerChannelRequest } from "../../../src/engine/logic-channel";
import { LocalLogicRunner } from "../../../src/engine/logic-runner";
import type { GameDefinition, LogicInput } from "../../../src/engine/types";
import counter from "../../fixtures/counter.logic.js";
import json from "../../fixtures/json.logic.js";

const LIMITS = { calls: 1_000, spentMs: 100, lifetimeMs: 25_000, callMs: 5_000 };
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
  readonly channels: {
    events: ChannelEvents;
    closed: boolean;
    sent: string[];
    /** What the runner noted after each answer. */
    notes: ChannelUsage[];
  }[] = [];
  time = 0;
  /** When set, the sandbox does not answer: the test replies with `reply`. */
  manual = false;
  /** Time a call takes, by the runner's clock. */
  callMs = 0;
  failOpen: Error | null = null;
  /** When set, opening a channel waits for this promise (a sandbox that takes long to start). */
  openGate: Promise<void> | null = null;
  /** The next channel opened is one taken over from an earlier instance, which carried this. */
  carry: ChannelUsage | null = null;
  /** At each look the runner asked for (watch): in how many ms a call under way is overdue then. */
  readonly watches: (number | null)[] = [];

  readonly game: GameDefinition;

  constructor(game: GameDefinition) {
    this.game = game;
  }

  readonly now = () => this.time;

  readonly open = async (events: ChannelEvents): Promise<ChannelEnd> => {
    if (this.failOpen) throw this.failOpen;
    if (this.openGate) await this.openGate;
    const channel = { events, closed: false, sent: [] as string[], notes: [] as ChannelUsage[] };
    this.channels.push(channel);
    const carried = this.carry;
    this.carry = null;
    return {
      ...(carried ? { carried } : {}),
      note: (usage) => channel.notes.push(usage),
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

  /** A runner whose looks are asked for as the room asks for them: at its overdueIn(). */
  runner(limits = LIMITS) {
    const runner: ChannelRunner = new ChannelRunner(this.open, limits, this.now, {
      watch: () => this.watches.push(runner.overdueIn()),
    });
    return runner;
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

describe("a channel's lifetime", () => {
  it("takes no new call `lifetimeMs` after it opened, however busy: that call retires it and opens another", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner();
    sandbox.time = 1_000;
    await runner.describe();
    for (const at of [10_000, 20_000, 1_000 + LIMITS.lifetimeMs - 1]) {
      sandbox.time = at;
      await runner.describe();
    }
    expect(sandbox.channels.map((c) => c.closed)).toEqual([false]);
    sandbox.time = 1_000 + LIMITS.lifetimeMs;
    await runner.describe();
    // Nothing waited on the old one: it closed at once.
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true, false]);
    expect(sandbox.channels.map((c) => c.sent.length)).toEqual([4, 1]);
    expect(runner.opened).toBe(2);
  });

  it("answers a call still waiting on a channel past its lifetime there, then closes it", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    const early = runner.describe();
    await settle();
    const [old] = sandbox.channels;
    if (!old) throw new Error("no channel");
    sandbox.time = LIMITS.lifetimeMs;
    const late = runner.describe();
    await settle();
    expect(sandbox.channels).toHaveLength(2);
    expect(sandbox.last.sent).toHaveLength(1);
    expect(old.closed).toBe(false);
    old.events.message(await answerChannelRequest(counter, old.sent[0] as string));
    expect((await early).actions).toContain("add");
    expect(old.closed).toBe(true);
    sandbox.last.events.message(await answerChannelRequest(counter, sandbox.last.sent[0] as string));
    expect((await late).actions).toContain("add");
    expect(sandbox.last.closed).toBe(false);
  });
});

describe("a channel taken over from an earlier instance of the room", () => {
  it("counts the time its calls took then towards `spentMs`: near the limit, one call retires it", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.callMs = 20;
    sandbox.carry = { openedAt: 0, calls: 10, spentMs: LIMITS.spentMs - 10 };
    const runner = sandbox.runner();
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true]);
    // Taken over, not opened.
    expect(runner.opened).toBe(0);
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true, false]);
    expect(runner.opened).toBe(1);
  });

  it("counts its calls then towards `calls`", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.carry = { openedAt: 0, calls: LIMITS.calls - 1, spentMs: 0 };
    const runner = sandbox.runner();
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true]);
  });

  it("counts its lifetime from when the earlier instance opened it", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.time = 30_000;
    sandbox.carry = { openedAt: 30_000 - LIMITS.lifetimeMs + 1_000, calls: 3, spentMs: 0 };
    const runner = sandbox.runner();
    await runner.describe();
    sandbox.time += 999;
    await runner.describe();
    expect(sandbox.channels).toHaveLength(1);
    sandbox.time += 1;
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true, false]);
    expect(runner.opened).toBe(1);
  });
});

describe("what the channel's end is told", () => {
  it("notes after each answer, an error too, what the channel has carried since it opened", async () => {
    const sandbox = new Sandbox(json);
    sandbox.callMs = 7;
    sandbox.time = 100;
    const runner = sandbox.runner();
    await runner.describe();
    const nan = { action: "nan", payload: {}, playerId: "alice" };
    await expect(runner.runActions(input({ count: 0 }), [nan])).rejects.toThrow();
    expect(sandbox.last.notes).toEqual([
      { openedAt: 100, calls: 1, spentMs: 7 },
      { openedAt: 100, calls: 2, spentMs: 14 },
    ]);
  });

  it("notes a taken-over channel's usage on from what it carried", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.callMs = 7;
    sandbox.time = 1_000;
    sandbox.carry = { openedAt: 50, calls: 4, spentMs: 30 };
    const runner = sandbox.runner();
    await runner.describe();
    expect(sandbox.last.notes).toEqual([{ openedAt: 50, calls: 5, spentMs: 37 }]);
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

describe("a call's deadline", () => {
  it("fails a call that waits past `callMs` at the look it asked for, as a thrown error; the next call opens a new channel", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    const hung = runner.describe();
    await settle();
    // One look as the opening begins, one as the call goes out.
    expect(sandbox.watches).toEqual([LIMITS.callMs, LIMITS.callMs]);
    sandbox.time += LIMITS.callMs - 1;
    expect(runner.failOverdue()).toBe(0);
    // Not yet due: it asks for the next look, due 1 ms on.
    expect(sandbox.watches).toEqual([LIMITS.callMs, LIMITS.callMs, 1]);
    sandbox.time += 1;
    expect(runner.failOverdue()).toBe(1);
    await expect(hung).rejects.toThrow(`the call took longer than ${LIMITS.callMs} ms`);
    expect(sandbox.last.closed).toBe(true);
    expect(runner.overdueIn()).toBeNull();
    expect(sandbox.watches).toHaveLength(3);
    sandbox.manual = false;
    expect((await runner.describe()).actions).toContain("add");
    expect(sandbox.channels).toHaveLength(2);
  });

  it("tells in how long the oldest call under way is overdue, and null once none is", async () => {
    const sandbox = new Sandbox(counter);
    sandbox.manual = true;
    const runner = sandbox.runner();
    expect(runner.overdueIn()).toBeNull();
    const first = runner.describe();
    await settle();
    sandbox.time = 1_000;
    const second = runner.describe();
    await settle();
    // A look for each call sent, at the oldest call's deadline.
    expect(sandbox.watches).toEqual([LIMITS.callMs, LIMITS.callMs, LIMITS.callMs - 1_000]);
    sandbox.time = 2_000;
    expect(runner.overdueIn()).toBe(LIMITS.callMs - 2_000);
    const [firstId, secondId] = sandbox.ids();
    const answer = (id: number | undefined) =>
      sandbox.last.events.message(JSON.stringify({ id, ok: true, value: describeGame(counter) }));
    answer(firstId);
    await first;
    expect(runner.overdueIn()).toBe(1_000 + LIMITS.callMs - 2_000);
    answer(secondId);
    await second;
    expect(runner.overdueIn()).toBeNull();
    // Nothing under way: a look asks for no other.
    expect(runner.failOverdue()).toBe(0);
    expect(sandbox.watches).toHaveLength(3);
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
    // The opening is under way: its deadline is watched.
    expect(sandbox.watches).toEqual([LIMITS.callMs]);
    sandbox.time += 3_000;
    expect(runner.overdueIn()).toBe(LIMITS.callMs - 3_000);
    sandbox.time += LIMITS.callMs - 3_000;
    expect(runner.failOverdue()).toBe(1);
    // Given up: nothing is under way, and no further look is asked for.
    expect(runner.overdueIn()).toBeNull();
    expect(sandbox.watches).toEqual([LIMITS.callMs]);
    await expect(waiting).rejects.toThrow(`the sandbox did not start within ${LIMITS.callMs} ms`);
    sandbox.openGate = null;
    start();
    await settle();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true]);
    expect((await runner.describe()).actions).toContain("add");
  });
});

describe("closing", () => {
  it("closes the open channel when the room asks: the sandbox's end closes, the next call opens another", async () => {
    const sandbox = new Sandbox(counter);
    const runner = sandbox.runner();
    expect(runner.isOpen).toBe(false);
    await runner.describe();
    expect(runner.isOpen).toBe(true);
    runner.close();
    expect(runner.isOpen).toBe(false);
    expect(sandbox.last.closed).toBe(true);
    await runner.describe();
    expect(sandbox.channels.map((c) => c.closed)).toEqual([true, false]);
    expect(runner.opened).toBe(2);
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
