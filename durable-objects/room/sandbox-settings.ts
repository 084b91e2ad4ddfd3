import type { ChannelLimits } from "../../src/engine/channel-runner";

/** What a room's isolate runs under besides its code; part of TEMPLATE_VERSION (template-version.ts). */
export const SANDBOX_COMPATIBILITY_DATE = "2026-11-01";
/** CPU time every call of scenario code may use. */
export const SANDBOX_CPU_MS = 200;

/**
 * When a room retires its channel into the sandbox and opens the next (src/engine/channel-runner.ts).
 * The runtime counts CPU per invocation, and a channel is one: after calls that took
 * CHANNEL_LIMITS.spentMs in all, it is retired, so a channel whose limit is SANDBOX_CPU_MS +
 * spentMs always has SANDBOX_CPU_MS left for the next call. `calls` also bounds the subrequests
 * (the egress gate's) that one channel's calls add up to. `callMs` is every call's wall-clock
 * deadline: a call that awaits what never settles fails then, as a thrown error does, and its
 * channel is replaced (checked at the room's alarm, which the runner reserves for it).
 */
export const CHANNEL_LIMITS: ChannelLimits = { calls: 1_000, spentMs: 100, callMs: 5_000 };
/** The runtime's CPU limit of one channel: a call that loops is stopped within SANDBOX_CPU_MS + spentMs. */
export const CHANNEL_CPU_MS = SANDBOX_CPU_MS + CHANNEL_LIMITS.spentMs;
/**
 * A channel that carried no call for this long is closed at the room's alarm, so that the room can
 * hibernate: an open channel (a WebSocket of the standard API) keeps the Durable Object unable to
 * hibernate, and duration is billed all that time. As long as the batched write's delay
 * (room-storage.ts WRITE_DELAY_MS), so that the write's alarm is the one that closes it
 * (docs/decisions/0139-what-a-room-costs-and-when-it-hibernates.md).
 */
export const CHANNEL_IDLE_MS = 500;
/**
 * A call that came after this long without one closes its channel as soon as it is answered: in a
 * turn-based game the next call is as far off, and holding the channel that long costs more
 * duration than opening a new one costs (a Dynamic Worker request: break-even near 0.2 s).
 */
export const CHANNEL_QUIET_MS = 1_000;
