/**
 * What a scenario's logic imports as `scenario` (docs/authoring.md, "The typed game API"): the
 * engine contract's own types, which the room core and the SDK run, and defineGame to give them a
 * game's state, actions, events, deadlines and input.
 */
import type { ActionPayloads, GameDefinition, GameTypes } from "./types";

export type {
  ActionHandler,
  ActionName,
  ActionPayloads,
  ActionsOf,
  BotMove,
  BotView,
  DeadlineHandler,
  EventOf,
  EventsOf,
  GameDefinition,
  GameEvent,
  GameTypes,
  InputOf,
  LogicContext,
  PayloadArgs,
  Presence,
  PresenceChange,
  Random,
  ScenarioBots,
  Seat,
  ServerActionHandler,
  StateOf,
} from "./types";

/**
 * The game object, unchanged: `export default defineGame<State, Actions, { events, deadlines, input }>({ ... })`
 * types every handler's state, payload and ctx, and what the SDK's session and the test room let a
 * client send. `Actions` maps each action's name to its payload (`void`: none).
 */
export function defineGame<
  State,
  Actions extends ActionPayloads<Actions> = Record<string, any>,
  Types extends GameTypes = {},
>(game: GameDefinition<State, Actions, Types>): GameDefinition<State, Actions, Types> {
  return game;
}
