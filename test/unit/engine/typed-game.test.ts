import path from "node:path";
import ts from "typescript";
import { describe, expect, expectTypeOf, it } from "vitest";
import { type GameSession, startGame } from "../../../browser/sdk";
import {
  defineGame,
  type EventOf,
  type GameDefinition,
  type LogicContext,
  type Presence,
  type Random,
  type ScenarioBots,
  type Seat,
  type StateOf,
} from "../../../src/engine/scenario";

// Type-level tests (tsc checks this file, in `npm run typecheck` and in the last test below; an
// unused @ts-expect-error fails it too): defineGame types every handler, ctx and the SDK's session
// from one declaration, and a wrong name, payload, event or input is an error where the author
// writes it.

interface State {
  count: number;
  last: string | null;
}
interface Actions {
  add: { by: number };
  reset: undefined;
  roll: undefined;
}
interface Types {
  events: { added: { total: number }; reset: undefined };
  deadlines: { cool: { by: string } };
  input: { dx: number };
}

const game = defineGame<State, Actions, Types>({
  setup({ players, ctx }) {
    expectTypeOf(players).toEqualTypeOf<Seat[]>();
    expectTypeOf(ctx.random).toEqualTypeOf<Random>();
    return { count: 0, last: null };
  },
  actions: {
    add(state, payload, ctx) {
      expectTypeOf(state).toEqualTypeOf<State>();
      expectTypeOf(payload).toEqualTypeOf<{ by: number }>();
      expectTypeOf(ctx.playerId).toEqualTypeOf<string | null>();
      expectTypeOf(ctx.presence).toEqualTypeOf<Presence>();
      expectTypeOf(ctx.gameTime).toEqualTypeOf<number>();
      expectTypeOf(ctx.inputs).toEqualTypeOf<Record<string, { dx: number }>>();
      // @ts-expect-error no `amount` in add's payload
      state.count += payload.amount;
      state.count += payload.by;
      ctx.emit("added", { total: state.count });
      ctx.emit("reset");
      // @ts-expect-error `added` carries its total
      ctx.emit("added");
      // @ts-expect-error the total is a number
      ctx.emit("added", { total: "one" });
      // @ts-expect-error no event `removed`
      ctx.emit("removed", {});
      ctx.setDeadline("cool", ctx.gameTime + 1000, { by: "p1" });
      // @ts-expect-error no deadline `warm`
      ctx.setDeadline("warm", 0);
      // @ts-expect-error `cool` carries who set it
      ctx.setDeadline("cool", 0);
      ctx.clearDeadline("cool");
    },
    reset(_state, payload) {
      expectTypeOf(payload).toEqualTypeOf<undefined>();
      return { count: 0, last: null };
    },
    // @ts-expect-error no action `jump` in Actions
    jump() {},
  },
  serverActions: {
    roll(state, _payload, ctx) {
      state.count = ctx.random.int(6);
    },
  },
  // @ts-expect-error update returns the next state or nothing, not another shape
  update: () => ({ total: 1 }),
  deadlines: {
    cool(state, ctx, data) {
      expectTypeOf(data).toEqualTypeOf<{ by: string }>();
      expectTypeOf(ctx).toEqualTypeOf<LogicContext<Types>>();
      state.last = data.by;
    },
  },
  onPresence({ state, seatId, online }) {
    expectTypeOf(seatId).toEqualTypeOf<string>();
    expectTypeOf(online).toEqualTypeOf<boolean>();
    state.last = seatId;
  },
});

describe("the typed game API", () => {
  it("defineGame hands back the game object itself", () => {
    const definition = { setup: () => ({ count: 0, last: null }) };
    expect(defineGame<State, Actions>(definition)).toBe(definition);
  });

  it("a typed game is a GameDefinition: the room core and the SDK run it as any other", () => {
    expectTypeOf(game).toMatchTypeOf<GameDefinition>();
    expectTypeOf<StateOf<typeof game>>().toEqualTypeOf<State>();
    // @ts-expect-error setup must build the declared state
    defineGame<State, Actions>({ setup: () => ({ count: "none" }) });
  });

  it("the session sends only the game's actions with their payloads, and reads its state and events", () => {
    const session = startGame({ game, params: "seatId=p1" });
    expectTypeOf(session).toEqualTypeOf<GameSession<typeof game>>();
    expectTypeOf(session.state).toEqualTypeOf<State | null>();
    session.act("add", { by: 2 });
    session.act("reset");
    // @ts-expect-error by is a number
    session.act("add", { by: "2" });
    // @ts-expect-error add needs its payload
    session.act("add");
    // @ts-expect-error reset takes none
    session.act("reset", { by: 1 });
    // @ts-expect-error no action `jump`
    session.act("jump", {});
    session.input({ dx: 1 });
    // @ts-expect-error the input is { dx }
    session.input({ dy: 1 });
    session.on("events", ({ events }) => {
      expectTypeOf(events).toEqualTypeOf<EventOf<typeof game>[]>();
      for (const event of events)
        if (event.name === "added") expectTypeOf(event.data).toEqualTypeOf<{ total: number }>();
    });
    session.on("actionLost", (lost) => {
      if (lost.action === "add") expectTypeOf(lost.payload).toEqualTypeOf<{ by: number }>();
    });
    session.close();
  });

  it("bots of the game make only its moves", () => {
    const bots: ScenarioBots<typeof game> = {
      act: ({ state }) => (state && state.count > 3 ? { action: "reset" } : { action: "add", payload: { by: 1 } }),
    };
    // @ts-expect-error add's payload is required
    const lazy: ScenarioBots<typeof game> = { act: () => ({ action: "add" }) };
    // @ts-expect-error the input is { dx }
    const steering: ScenarioBots<typeof game> = { act: () => ({ input: { dy: 1 } }) };
    expect([bots, lazy, steering].every((bot) => typeof bot.act === "function")).toBe(true);
  });

  it("an untyped game (plain JavaScript) keeps every name and payload open", () => {
    const untyped: GameDefinition = { actions: { anything: (state) => state } };
    const session = startGame({ game: untyped, params: "seatId=p1" });
    session.act("anything", { at: 1 });
    session.act("else");
    expectTypeOf(session.state).toBeAny();
    session.close();
  });

  it("tsc finds an error at every @ts-expect-error of this file, and nothing else", () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const config = ts.readConfigFile(path.join(root, "tsconfig.node.json"), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
    const program = ts.createProgram({ rootNames: [import.meta.filename], options });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    expect(problems).toEqual([]);
  });
});
