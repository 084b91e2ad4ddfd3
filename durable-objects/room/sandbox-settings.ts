import type { ChannelLimits } from "../../src/engine/channel-runner";

/** What a room's isolate runs under besides its code; part of TEMPLATE_VERSION (template-version.ts). */
export const SANDBOX_COMPATIBILITY_DATE = "2026-11-01";
/** CPU time every call of scenario code may use. */
export const SANDBOX_CPU_MS = 200;

/**
 * When a room retires its channel into the sandbox and opens the next (src/engine/channel-runner.ts).
 * The runtime counts CPU per invocation, and a channel is one: after calls that took
 * CHANNEL_LIMITS.spentMs in all, it is retired, so a channel whose limit is SANDBOX_CPU_MS +
 * spentMs always has SANDBOX_CPU_MS left for the next call. Call time is wall time, which a loaded
 * machine stretches far past the CPU used: spentMs is a second, not less, so that load does not
 * turn into channel opens (each a Dynamic Worker's startup: more load); a call that loops is then
 * stopped by 1.2 s of CPU, within its 5 s deadline (docs/decisions/0141-what-the-sandbox-costs-that-partyserver-does-not.md). `calls` also bounds the subrequests
 * (the egress gate's) that one channel's calls add up to. `lifetimeMs`: the sandbox holds its end
 * of the channel in a waitUntil, which the runtime ends 30 s after the call that opened it
 * returned; a channel takes no new call after 25 s. `callMs` is every call's wall-clock deadline: a
 * call that awaits what never settles fails then, as a thrown error does, and its channel is
 * replaced (checked at the room's alarm, reserved while a call is under way).
 */
export const CHANNEL_LIMITS: ChannelLimits = { calls: 1_000, spentMs: 1_000, lifetimeMs: 25_000, callMs: 5_000 };
/** The runtime's CPU limit of one channel: a call that loops is stopped within SANDBOX_CPU_MS + spentMs. */
export const CHANNEL_CPU_MS = SANDBOX_CPU_MS + CHANNEL_LIMITS.spentMs;
