import { z } from "zod";
import { tickRateOf } from "./describe-game";
import { type ChannelCall, type ChannelReply, MAX_GLOBAL_WRITES } from "./logic-channel";
import type { ActionCall, LogicCall, LogicRunner, Settled } from "./logic-runner";
import type { GameDescription, LogicInput } from "./types";

/** What a channel has carried since it opened, by the runner's clock. */
export interface ChannelUsage {
  openedAt: number;
  calls: number;
  spentMs: number;
}

/** One open channel as the room holds it: it sends text, and closes. */
export interface ChannelEnd {
  send(text: string): void;
  close(): void;
  /**
   * A channel an earlier instance of the room opened and the room took over (after it hibernated):
   * what it had carried then, which counts towards its limits.
   */
  readonly carried?: ChannelUsage;
  /** Told after each answer what the channel has carried, so that a later instance can take it over. */
  note?(usage: ChannelUsage): void;
}

/** What an open channel tells its runner. */
export interface ChannelEvents {
  message(text: string): void;
  /** The channel closed or failed, from the other end or the runtime (why, for the error). */
  closed(why: string): void;
}

/** Opens a channel into the sandbox; rejects when the sandbox cannot be started. */
export type OpenChannel = (events: ChannelEvents) => Promise<ChannelEnd>;

/**
 * When a channel is retired and the next call opens a new one. The runtime limits a sandbox's CPU
 * and subrequests per invocation, and a channel is one invocation however many calls it carries.
 */
export interface ChannelLimits {
  /** Calls one channel carries. */
  calls: number;
  /**
   * How long after its opening a channel takes new calls: the sandbox keeps its end open past the
   * call that opened it only for a while (the runtime's waitUntil), and a channel is retired first.
   */
  lifetimeMs: number;
  /** Time its calls may take in all (sent to answered, by the runner's clock): at least the CPU they used. */
  spentMs: number;
  /**
   * Wall-clock deadline of one call (sent, or the channel's opening begun, to answered): a call past
   * it fails like a thrown error and its channel is replaced (failOverdue).
   */
  callMs: number;
}

/** Whether a channel that carried `usage` takes another call at `now`: within its calls, its calls' time and its lifetime. */
export function takesCalls(usage: ChannelUsage, limits: ChannelLimits, now: number): boolean {
  return usage.calls < limits.calls && usage.spentMs < limits.spentMs && now - usage.openedAt < limits.lifetimeMs;
}

/** What the runner tells the room besides answers. */
export interface ChannelHooks {
  /** A call went out: the room looks at the calls (failOverdue) once one may be overdue (overdueIn). */
  watch?: () => void;
  /** Dev only: globals scenario code changed, as the sandbox's guard names them (each once). */
  globalWrites?: (names: string[]) => void;
}

const gameEvent = z.object({ name: z.string(), data: z.unknown().optional() });
const settledSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    result: z.object({
      state: z.unknown(),
      events: z.array(gameEvent),
      serverEvents: z.array(gameEvent),
      rng: z.number(),
      deadlines: z.record(z.string(), z.object({ at: z.number(), data: z.unknown().optional() })),
    }),
  }),
  z.object({ ok: z.literal(false), code: z.enum(["unknown_action", "failed"]), error: z.string() }),
]);
/** What describe answers; the room applies its own limits again (the sandbox may lie: its globals are the scenario's). */
const descriptionSchema = z.object({
  actions: z.array(z.string()),
  serverActions: z.array(z.string()),
  deadlines: z.array(z.string()),
  tickRate: z.number().transform(tickRateOf),
  hasUpdate: z.boolean(),
  hasOnPresence: z.boolean(),
});
const globalWrites = z.array(z.string().max(200)).max(MAX_GLOBAL_WRITES).optional();
const replySchema = z.discriminatedUnion("ok", [
  z.object({ id: z.number(), ok: z.literal(true), value: z.unknown(), globalWrites }),
  z.object({ id: z.number().nullable(), ok: z.literal(false), error: z.string(), globalWrites }),
]);
/** What each operation's value must be. */
const VALUE_OF = {
  describe: descriptionSchema,
  run: settledSchema,
  actions: z.array(settledSchema),
} satisfies Record<ChannelCall["op"], z.ZodType>;

interface Waiting {
  op: ChannelCall["op"];
  sentAt: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** One channel and what it carries. */
class Channel {
  readonly waiting = new Map<number, Waiting>();
  calls = 0;
  spentMs = 0;
  /** No new calls: it closes once the ones it carries are answered. */
  retired = false;
  closed = false;
  end: ChannelEnd | null = null;
  openedAt: number;

  constructor(openedAt: number) {
    this.openedAt = openedAt;
  }

  get usage(): ChannelUsage {
    return { openedAt: this.openedAt, calls: this.calls, spentMs: this.spentMs };
  }
}

/**
 * The room's LogicRunner over channels into its sandbox: calls go out as JSON text on one open
 * channel, answers are matched by id. A channel is opened (or taken over) on the first call,
 * retired at its limits and lifetime, closed by the room when it empties, and a channel that
 * closes or says something unexpected fails the calls it carried; the next call opens a new one.
 */
export class ChannelRunner implements LogicRunner {
  private channel: Channel | null = null;
  private opening: Promise<Channel> | null = null;
  private nextId = 1;
  /** Channels opened so far (for the room's stats and the benchmark). */
  opened = 0;
  /** Replies received, and the time the calls they answered took in all (for the benchmark's cost rows). */
  replies = 0;
  callTimeMs = 0;

  /** When the channel being opened began to open (null: none is). */
  private openingSince: number | null = null;
  /** Gives up on the channel being opened: the calls waiting for it fail. */
  private abandonOpening: ((error: Error) => void) | null = null;

  private readonly open: OpenChannel;
  private readonly limits: ChannelLimits;
  private readonly now: () => number;
  private readonly hooks: ChannelHooks;

  constructor(open: OpenChannel, limits: ChannelLimits, now: () => number, hooks: ChannelHooks = {}) {
    this.open = open;
    this.limits = limits;
    this.now = now;
    this.hooks = hooks;
  }

  describe(): Promise<GameDescription> {
    return this.call({ op: "describe" }) as Promise<GameDescription>;
  }

  run(call: LogicCall): Promise<Settled> {
    return this.call({ op: "run", call }) as Promise<Settled>;
  }

  runActions(input: LogicInput, actions: ActionCall[]): Promise<Settled[]> {
    return this.call({ op: "actions", input, actions }) as Promise<Settled[]>;
  }

  /** A channel is open (or opening). */
  get isOpen(): boolean {
    return (this.channel !== null && !this.channel.closed) || this.opening !== null;
  }

  /** Calls sent and not answered yet. */
  get waitingCalls(): number {
    return this.channel?.waiting.size ?? 0;
  }

  /** Closes the open channel; a call still waiting on it fails. The next call opens a new one. */
  close(): void {
    const channel = this.channel;
    if (channel) this.fail(channel, "the room closed the channel");
  }

  /**
   * The look the runner asked for (watch): a call waiting longer than `limits.callMs`, or a channel
   * that has been opening that long, fails with the calls it carries, as a thrown error would, and
   * the next call opens a new channel. Asks for the next look while calls still wait. Returns how
   * many calls failed.
   */
  failOverdue(): number {
    const now = this.now();
    const deadline = this.limits.callMs;
    const why = `the call took longer than ${deadline} ms`;
    let failed = 0;
    if (this.openingSince !== null && now - this.openingSince >= deadline) {
      failed++;
      // Given up: no longer under way, so no further look is asked for it.
      this.openingSince = null;
      this.abandonOpening?.(new Error(`the sandbox did not start within ${deadline} ms`));
    }
    const channel = this.channel;
    if (channel && [...channel.waiting.values()].some((call) => now - call.sentAt >= deadline)) {
      failed += channel.waiting.size;
      this.fail(channel, why);
    }
    if (this.oldestWaitingSince() !== null) this.hooks.watch?.();
    return failed;
  }

  /** In how many ms the oldest call (or the opening) under way is overdue; null when nothing is under way. */
  overdueIn(): number | null {
    const oldest = this.oldestWaitingSince();
    return oldest === null ? null : Math.max(0, oldest + this.limits.callMs - this.now());
  }

  private oldestWaitingSince(): number | null {
    let oldest = this.openingSince;
    for (const call of this.channel?.waiting.values() ?? [])
      if (oldest === null || call.sentAt < oldest) oldest = call.sentAt;
    return oldest;
  }

  private async call(call: ChannelCall): Promise<unknown> {
    const channel = await this.usable();
    if (channel.closed) throw new Error("the sandbox's channel closed as it opened");
    const id = this.nextId++;
    const sentAt = this.now();
    channel.calls++;
    if (!takesCalls(channel, this.limits, sentAt)) channel.retired = true;
    const answered = new Promise<unknown>((resolve, reject) => {
      channel.waiting.set(id, { op: call.op, sentAt, resolve, reject });
    });
    this.hooks.watch?.();
    try {
      channel.end?.send(JSON.stringify({ ...call, id }));
    } catch (error) {
      this.fail(channel, `the channel could not send: ${error instanceof Error ? error.message : String(error)}`);
    }
    return answered;
  }

  /** The open channel, or a new one (one opening at a time, shared by the calls that wait for it). */
  private async usable(): Promise<Channel> {
    const current = this.channel;
    if (current && !current.closed && !current.retired && !takesCalls(current, this.limits, this.now())) {
      current.retired = true;
      if (current.waiting.size === 0) this.shut(current);
    }
    if (current && !current.closed && !current.retired) return current;
    this.opening ??= this.openChannel().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async openChannel(): Promise<Channel> {
    const channel = new Channel(this.now());
    const opening = this.open({
      message: (text) => this.receive(channel, text),
      closed: (why) => this.fail(channel, `the sandbox's channel closed (${why})`),
    });
    // A sandbox that never starts (a logic.js whose top level never settles) is given up at the
    // deadline; should it open after all, its channel is closed unused.
    const abandoned = new Promise<never>((_, reject) => {
      this.abandonOpening = reject;
    });
    this.openingSince = channel.openedAt;
    this.hooks.watch?.();
    try {
      channel.end = await Promise.race([opening, abandoned]);
    } catch (error) {
      void opening.then(
        (end) => end.close(),
        () => {},
      );
      throw error;
    } finally {
      this.openingSince = null;
      this.abandonOpening = null;
    }
    const carried = channel.end.carried;
    if (carried) {
      channel.openedAt = carried.openedAt;
      channel.calls = carried.calls;
      channel.spentMs = carried.spentMs;
    } else this.opened++;
    // A channel that closed while it opened is not kept (its calls would never be answered).
    if (!channel.closed) this.channel = channel;
    return channel;
  }

  private receive(channel: Channel, text: string) {
    this.replies++;
    const reply = parseReply(text);
    if (reply?.globalWrites?.length) this.hooks.globalWrites?.(reply.globalWrites);
    if (reply && !reply.ok && reply.id === null)
      return this.fail(channel, `the sandbox refused a request: ${reply.error}`);
    const waiting = reply?.id == null ? undefined : channel.waiting.get(reply.id);
    if (!reply || reply.id === null || !waiting)
      return this.fail(channel, "the sandbox sent a reply the room did not ask for");
    channel.waiting.delete(reply.id);
    const answeredAt = this.now();
    const tookMs = answeredAt - waiting.sentAt;
    channel.spentMs += tookMs;
    this.callTimeMs += tookMs;
    if (!takesCalls(channel, this.limits, answeredAt)) channel.retired = true;
    channel.end?.note?.(channel.usage);
    if (channel.retired && channel.waiting.size === 0) this.shut(channel);
    if (!reply.ok) return waiting.reject(new Error(reply.error));
    const value = VALUE_OF[waiting.op].safeParse(reply.value);
    if (!value.success) return waiting.reject(new Error(`the sandbox answered ${waiting.op} with a malformed value`));
    waiting.resolve(value.data);
  }

  /** The channel is unusable: every call it carried fails with `why`. */
  private fail(channel: Channel, why: string) {
    this.shut(channel);
    const waiting = [...channel.waiting.values()];
    channel.waiting.clear();
    for (const call of waiting) call.reject(new Error(why));
  }

  private shut(channel: Channel) {
    if (this.channel === channel) this.channel = null;
    if (channel.closed) return;
    channel.closed = true;
    try {
      channel.end?.close();
    } catch {
      // already closed
    }
  }
}

function parseReply(text: string): ChannelReply | null {
  try {
    const reply = replySchema.safeParse(JSON.parse(text));
    return reply.success ? reply.data : null;
  } catch {
    return null;
  }
}
