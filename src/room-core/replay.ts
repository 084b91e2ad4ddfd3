import { z } from "zod";
import { clientMessageSchema } from "../engine/parse-frame";
import { rosterSchema } from "../engine/roster";
import type { GameEvent, Seat } from "../engine/types";
import type { RoomInput } from "./inputs";
import { inspectorActSchema } from "./inspector-act-schema";

/**
 * A replay: what a room needs to run a game again exactly (docs/authoring.md "Replays"). A new core
 * made from `revisionId`, `codeId` and `seed` and fed each step's input (inputs.ts, the room's own
 * input shape) with its clock at `at` plays the same game; the first connect brings the roster.
 * Each step also keeps what came of it when it was recorded, so a run can say where it differs.
 */
export interface Replay {
  format: typeof REPLAY_FORMAT;
  version: typeof REPLAY_VERSION;
  revisionId: string;
  /** revisionId + ":" + TEMPLATE_VERSION of the code that ran the room. */
  codeId: string;
  seed: number;
  /** The roster the room pinned (the first connect's); null if none was. */
  roster: Seat[] | null;
  /** True when the room ran more than a replay keeps: these are its first steps. */
  truncated: boolean;
  steps: ReplayStep[];
}

export interface ReplayStep {
  /** Real time of the step in milliseconds since the first step: where the replay sets the clock. */
  at: number;
  input: RoomInput;
  /** An action's outcome: an ack with its events, or the error code the sender got. */
  result?: StepResult;
  /** The state right after the step; absent when the step left it as it was. */
  state?: unknown;
}

export type StepResult = { ok: true; events: GameEvent[] } | { ok: false; code: string };

export const REPLAY_FORMAT = "scenario-replay";
/** Raise it with any change a reader of the previous version would misread; a reader refuses other versions. */
export const REPLAY_VERSION = 1;
/** A room keeps at most this many steps for its replay; later ones are left out (`truncated`). */
export const MAX_REPLAY_STEPS = 20_000;
/** A replay file larger than this is refused before it is parsed. */
export const MAX_REPLAY_FILE_BYTES = 64 * 1024 * 1024;
/** Deeper values are no game state anyone writes, and the tools that compare states recurse into them. */
export const MAX_REPLAY_DEPTH = 256;

const id = z.string().min(1).max(256);
const connectionSchema = z.object({
  connectionId: id,
  playerId: id,
  nickname: z.string().max(256),
  monitor: z.boolean(),
  connectedAt: z.number(),
  clientId: id.optional(),
  quietObserver: z.boolean().optional(),
  lastHeartbeat: z.number().optional(),
});
const inputSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("connect"), connection: connectionSchema, roster: rosterSchema.nullable() }),
  z.object({ kind: z.literal("disconnect"), connectionId: id }),
  z.object({ kind: z.literal("frame"), connectionId: id, message: clientMessageSchema }),
  z.object({ kind: z.literal("tick") }),
  z.object({ kind: z.literal("deadlines") }),
  z.object({ kind: z.literal("operator"), pause: z.boolean().optional(), close: z.string().max(500).optional() }),
  z.object({ kind: z.literal("inspector"), act: inspectorActSchema }),
]);
const eventSchema = z.object({ name: z.string(), data: z.unknown().optional() });
const stepSchema = z.object({
  at: z.number().finite().nonnegative(),
  input: inputSchema,
  result: z
    .discriminatedUnion("ok", [
      z.object({ ok: z.literal(true), events: z.array(eventSchema) }),
      z.object({ ok: z.literal(false), code: z.string() }),
    ])
    .optional(),
  state: z.unknown().optional(),
});
const replaySchema = z.object({
  format: z.literal(REPLAY_FORMAT),
  version: z.literal(REPLAY_VERSION),
  revisionId: id,
  codeId: id,
  seed: z.number().int(),
  roster: rosterSchema.nullable(),
  truncated: z.boolean(),
  steps: z.array(stepSchema).max(MAX_REPLAY_STEPS),
});

// The schema and the hand-written types must describe the same replays.
const sameShape: z.infer<typeof replaySchema> extends Replay ? true : false = true;
void sameShape;

/** What the format and version of a file are, read before the rest. */
const headerSchema = z.object({ format: z.unknown(), version: z.unknown() });

export class ReplayError extends Error {
  override name = "ReplayError";
}

/**
 * Reads a replay file's text. Throws ReplayError with what is wrong: not JSON, not a replay, a
 * version this reader does not read (naming both), or the path of the first bad fields.
 */
export function parseReplay(text: string): Replay {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReplayError(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (deeperThan(value, MAX_REPLAY_DEPTH)) {
    throw new ReplayError(`it nests values deeper than ${MAX_REPLAY_DEPTH} levels, which no room state does`);
  }
  const header = headerSchema.safeParse(value);
  if (!header.success || header.data.format !== REPLAY_FORMAT) {
    throw new ReplayError(`not a scenario replay: "format" must be "${REPLAY_FORMAT}"`);
  }
  const { version } = header.data;
  if (version !== REPLAY_VERSION) {
    throw new ReplayError(
      `this is a version ${JSON.stringify(version)} replay, and this scenario CLI reads version ${REPLAY_VERSION} replays only: replay it with the CLI that made it`,
    );
  }
  const parsed = replaySchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(file)"}: ${issue.message}`);
    throw new ReplayError(`invalid replay: ${problems.join("; ")}`);
  }
  return parsed.data as Replay;
}

/** Whether a parsed JSON value nests objects or arrays more than `limit` levels deep (no recursion). */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (item === null || typeof item !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** The inputs of a replay file in their order, each with its time (ms since the first): for tools that drive rooms. */
export function replayInputs(text: string): { at: number; input: RoomInput }[] {
  return parseReplay(text).steps.map(({ at, input }) => ({ at, input }));
}

/**
 * The actions of a replay in their order, each with the seat whose connection sent it: what a load
 * test's bots play back (`botsFromRecordedActions` of tools/loadtest/bots.ts takes this list).
 */
export function replayActions(replay: Replay): { seatId: string; action: string; payload: Record<string, unknown> }[] {
  const seats = new Map<string, string>();
  const actions: { seatId: string; action: string; payload: Record<string, unknown> }[] = [];
  for (const { input } of replay.steps) {
    if (input.kind === "connect") seats.set(input.connection.connectionId, input.connection.playerId);
    if (input.kind !== "frame" || input.message.type !== "__action") continue;
    const seatId = seats.get(input.connectionId);
    if (seatId) actions.push({ seatId, action: input.message.action, payload: input.message.payload });
  }
  return actions;
}
