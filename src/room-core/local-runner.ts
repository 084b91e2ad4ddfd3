import { describeGame } from "../engine/describe-game";
import { runAction, runDeadline, runSetup, runTick } from "../engine/run-logic";
import type { GameDefinition, LogicInput } from "../engine/types";
import type { LogicRunner } from "./types";

/** Runs a game object in this process: the browser's solo mode, the dev tools and the core's tests. */
export class LocalLogicRunner implements LogicRunner {
  private readonly game: GameDefinition;

  constructor(game: GameDefinition) {
    this.game = game;
  }

  async describe() {
    return describeGame(this.game);
  }

  setup(input: LogicInput) {
    return runSetup(this.game, input);
  }

  action(name: string, payload: unknown, input: LogicInput) {
    return runAction(this.game, name, payload, input);
  }

  tick(input: LogicInput) {
    return runTick(this.game, input);
  }

  deadline(name: string, data: unknown, input: LogicInput) {
    return runDeadline(this.game, name, data, input);
  }
}
