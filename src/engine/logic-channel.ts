import { describeGame } from "./describe-game";
import { type ActionCall, type LogicCall, runActionBatch, runLogicCall, type Settled } from "./logic-runner";
import { stateToJson } from "./state";
import type { GameDefinition, LogicInput } from "./types";

/**
 * The channel between a room and its sandboxed isolate: one WebSocket that the room opens into the
 * engine template, carrying calls into scenario code as JSON text (docs/decisions/0108-calls-into-the-sandbox-travel-on-a-channel.md, "Calls into
 * the sandbox travel on a channel"). This file is both ends' shared vocabulary and the sandbox's
 * side of it; the room's side is channel-runner.ts.
 */

/** What the room asks: the calls of LogicRunner. */
export type ChannelCall =
  | { op: "describe" }
  | { op: "run"; call: LogicCall }
  | { op: "actions"; input: LogicInput; actions: ActionCall[] };

/** One request: its id comes back with the reply, so replies may arrive in any order. */
export type ChannelRequest = ChannelCall & { id: number };

/**
 * One reply. `ok: false` is the call failing as a whole (the sandbox could not run it); a scenario
 * exception is a Settled value inside an `ok: true` reply.
 */
export type ChannelReply = (
  | { id: number; ok: true; value: unknown }
  | { id: number | null; ok: false; error: string }
) & { globalWrites?: string[] };

/**
 * In dev, where the sandbox's globals guard (durable-objects/room/sandbox/globals-guard.ts) puts a
 * function under Symbol.for(GLOBAL_WRITES_KEY) that names the globals scenario code changed.
 */
export const GLOBAL_WRITES_KEY = "edge-platform.sandbox.globalWrites";
/** Where the sandbox connects its channel (through the sandbox door), and the header naming the opening the room waits for. */
export const CHANNEL_URL = "http://room/sandbox-channel";
export const CHANNEL_TICKET_HEADER = "x-sandbox-channel";
/** The most names one reply tells (the room logs them). */
export const MAX_GLOBAL_WRITES = 20;

/**
 * The sandbox's answer to one request text. It never throws: whatever goes wrong is an `ok: false`
 * reply. A state must survive JSON (src/engine/state.ts) before it is sent: JSON would otherwise
 * quietly turn what it cannot carry into something else on the way to the room. With
 * `globalWrites` (dev), the reply also names the globals the call changed.
 */
export async function answerChannelRequest(
  game: GameDefinition,
  text: string,
  globalWrites?: () => string[],
): Promise<string> {
  let id: number | null = null;
  let reply: string;
  try {
    const request = JSON.parse(text) as ChannelRequest;
    id = typeof request.id === "number" ? request.id : null;
    if (id === null) throw new Error("the request has no id");
    reply = JSON.stringify({ id, ok: true, value: await answer(game, request) } satisfies ChannelReply);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    reply = JSON.stringify({ id, ok: false, error: message } satisfies ChannelReply);
  }
  const written = globalWrites?.().slice(0, MAX_GLOBAL_WRITES) ?? [];
  return written.length > 0 ? `${reply.slice(0, -1)},"globalWrites":${JSON.stringify(written)}}` : reply;
}

async function answer(game: GameDefinition, request: ChannelRequest): Promise<unknown> {
  switch (request.op) {
    case "describe":
      return describeGame(game);
    case "run":
      return checked([await runLogicCall(game, request.call)])[0];
    case "actions":
      return checked(await runActionBatch(game, request.input, request.actions));
    default:
      throw new Error(`unknown channel operation ${JSON.stringify((request as { op?: unknown }).op)}`);
  }
}

/** Settled results whose states survive JSON; a StateError fails the whole call (the room retries a batch's actions alone). */
function checked(results: Settled[]): Settled[] {
  for (const settled of results) if (settled.ok) stateToJson(settled.result.state);
  return results;
}
