/**
 * The players `scenario loadtest` puts in every seat: the `bots` export of the scenario's logic
 * module (ScenarioBots, src/engine/types.ts), or bots that play back actions recorded from a game.
 * What a bot returns is checked on every move, as input from outside the tool.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { SeededRandom } from "../../src/engine/random.ts";
import type { BotMove, Random, ScenarioBots, Seat } from "../../src/engine/types.ts";
import type { SeatAddress } from "./load-engine.ts";
import { GAME_OVER, type SeatView, type WireMove } from "./room-wire-target.ts";

export class BotError extends Error {
  override name = "BotError";
}

const botsSchema = z.object({
  act: z.custom<ScenarioBots["act"]>((value) => typeof value === "function", "bots.act must be a function"),
  gameOver: z
    .custom<ScenarioBots["gameOver"]>((value) => typeof value === "function", "bots.gameOver must be a function")
    .optional(),
});

const moveSchema = z.union([
  z.null(),
  z.strictObject({ action: z.string().min(1), payload: z.record(z.string(), z.unknown()).optional() }),
  z.strictObject({ input: z.record(z.string(), z.unknown()) }),
]);

/**
 * The `bots` export of a logic module's exports, or null when it has none; a `bots` export of the
 * wrong shape is a BotError naming what is wrong.
 */
export function readBots(moduleExports: Record<string, unknown>): ScenarioBots | null {
  if (moduleExports.bots === undefined) return null;
  const parsed = botsSchema.safeParse(moduleExports.bots);
  if (!parsed.success) {
    throw new BotError(
      `the bots export must be an object with an act(view) function (and, if any, a gameOver(view) function): ${parsed.error.issues[0]?.message}`,
    );
  }
  // The export itself, not zod's copy: its act may use `this` and other members.
  return moduleExports.bots as ScenarioBots;
}

/**
 * The `bots` export of a bundled logic module (one ES module, as `scenario dev` and `publish`
 * bundle it), loaded into this process; null when it has none.
 */
export async function botsOfBundle(code: string): Promise<ScenarioBots | null> {
  const dir = mkdtempSync(path.join(tmpdir(), "scenario-loadtest-"));
  try {
    const file = path.join(dir, "logic.mjs");
    writeFileSync(file, code);
    let moduleExports: Record<string, unknown>;
    try {
      moduleExports = await import(pathToFileURL(file).href);
    } catch (error) {
      throw new BotError(
        `the logic module could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return readBots(moduleExports);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One action of a recorded game (a replay's input log): who sent it and what. */
export interface RecordedAction {
  seatId: string;
  action: string;
  payload: Record<string, unknown>;
}

/**
 * Bots that play back recorded actions: each seat sends the actions its seat sent in the
 * recording, in their order, from the start again once it has sent them all; a seat that sent
 * none idles. The recorded game's actions may be refused in the load test's rooms (their states
 * differ): the refusals are counted by code, as any other.
 */
export function botsFromRecordedActions(actions: RecordedAction[]): ScenarioBots {
  const bySeat = new Map<string, RecordedAction[]>();
  for (const recorded of actions) bySeat.set(recorded.seatId, [...(bySeat.get(recorded.seatId) ?? []), recorded]);
  return {
    act: ({ seatId, turn }) => {
      const own = bySeat.get(seatId);
      if (!own || own.length === 0) return null;
      const { action, payload } = own[turn % own.length] as RecordedAction;
      return { action, payload };
    },
  };
}

/**
 * A recording's actions handed to the load test's seats by place, since the recording's seat ids
 * need not be the load test's (p1, p2, ...): the n-th seat of the recording (in its roster's order,
 * then in the order seats first acted) plays as the roster's n-th seat. The roster's seats beyond
 * the recording's get no actions (they idle); the recording's seats beyond the roster are left out.
 */
export function recordedActionsBySeatPlace(
  actions: RecordedAction[],
  recordedSeatIds: string[],
  roster: Seat[],
): { actions: RecordedAction[]; leftOut: string[] } {
  const order = [...new Set([...recordedSeatIds, ...actions.map((recorded) => recorded.seatId)])];
  const seatOf = new Map(order.flatMap((id, place) => (roster[place] ? [[id, roster[place].id] as const] : [])));
  return {
    actions: actions.flatMap((recorded) => {
      const seatId = seatOf.get(recorded.seatId);
      return seatId ? [{ ...recorded, seatId }] : [];
    }),
    leftOut: order.slice(roster.length),
  };
}

/**
 * The load target's `move`: asks the bots whether each seat's game is over (if they can tell) and
 * else what the seat does when it is due, with the seat's view, its turn count and a random stream
 * seeded by `seed` and the seat's place, and checks the answer. A bot that throws or answers
 * something that is no move stops the run (a BotError).
 */
export function botMoves(
  bots: ScenarioBots,
  options: { seed: number; roster: Seat[] },
): (address: SeatAddress, view: SeatView) => WireMove {
  const seats = new Map<string, { turn: number; random: Random }>();
  return (address, view) => {
    const key = `${address.room}/${address.seat}`;
    let seat = seats.get(key);
    if (!seat) {
      const seed = options.seed + address.room * 1009 + address.seat * 7919;
      seat = { turn: 0, random: new SeededRandom(seed).asRandom() };
      seats.set(key, seat);
    }
    const seatId = options.roster[address.seat]?.id ?? `p${address.seat + 1}`;
    const botView = {
      seatId,
      players: view.players ?? options.roster,
      state: view.state,
      turn: seat.turn++,
      random: seat.random,
    };
    if (asked(seatId, "gameOver", () => bots.gameOver?.(botView) ?? false)) return GAME_OVER;
    const move = asked<BotMove>(seatId, "act", () => bots.act(botView));
    const parsed = moveSchema.safeParse(move);
    if (!parsed.success) {
      throw new BotError(
        `bots.act returned no move for seat ${seatId} (${JSON.stringify(move)?.slice(0, 200)}): expected {action, payload}, {input} or null`,
      );
    }
    if (parsed.data === null || "input" in parsed.data) return parsed.data;
    return { action: parsed.data.action, payload: parsed.data.payload ?? {} };
  };
}

/** What a bot's function answered; one that throws stops the run with the seat's name. */
function asked<T>(seatId: string, name: "act" | "gameOver", call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new BotError(
      `bots.${name} threw for seat ${seatId}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
