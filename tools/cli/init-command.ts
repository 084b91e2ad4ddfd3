/**
 * `scenario init [dir] [--template turn-based|real-time] [--js]` (docs/authoring.md "Start a
 * scenario"): a new scenario that runs as it is, in TypeScript unless --js, and the commands to
 * go on with. Exit 0: written; 1: the folder is not empty (nothing written); 2: bad arguments.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { InitError, initScenario, isTemplateName, TEMPLATES } from "./init-scenario.ts";

const NAMES = Object.keys(TEMPLATES).join("|");

export const INIT_USAGE = `Usage: scenario init [dir] [--template ${NAMES}] [--js]

  init [dir]      write a new scenario into dir (default .), which must be new or empty:
                  manifest.json, the logic (src/logic.ts), a client page, tsconfig.json and a
                  first test, ready for scenario test and scenario dev
  --template      turn-based (default: tic-tac-toe, a turn timer) or real-time (coin chase:
                  ticks, continuous input, randomness)
  --js            plain JavaScript (logic.js, client.js, logic.test.js) instead of TypeScript`;

export function initMain(argv: string[]): number {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${INIT_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(INIT_USAGE);
    return 0;
  }
  const [, dir = ".", ...extra] = positionals;
  const template = values.template ?? "turn-based";
  if (extra.length > 0) {
    console.error(`scenario init takes one folder, got ${positionals.length - 1}\n\n${INIT_USAGE}`);
    return 2;
  }
  if (!isTemplateName(template)) {
    console.error(`--template must be one of ${Object.keys(TEMPLATES).join(", ")}, got ${template}\n\n${INIT_USAGE}`);
    return 2;
  }
  const js = values.js ?? false;
  try {
    const result = initScenario({ dir, template, js });
    console.log(
      `scenario init: a ${template} scenario "${result.id}" in ${js ? "JavaScript" : "TypeScript"}\n\n` +
        `${result.files.map((file) => `  ${path.join(path.relative(process.cwd(), result.dir), file)}`).join("\n")}\n\n` +
        `Next:\n${nextSteps(result.dir, js)}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof InitError) {
      console.error(`scenario init: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** The commands to run next, from the folder the command ran in, as a shell takes them. */
function nextSteps(dir: string, js: boolean): string {
  const relative = path.relative(process.cwd(), dir);
  const target = relative === "" ? "" : ` ${shellWord(relative)}`;
  const steps = [
    [`npx scenario test${target}`, "run its tests"],
    [`npx scenario dev${target}`, "play it in the harness, one frame per seat"],
  ];
  if (!js)
    steps.push([
      `npx tsc -p ${relative === "" ? "." : shellWord(relative)}`,
      "check its types (an editor does as you type)",
    ]);
  const width = Math.max(...steps.map(([command]) => (command as string).length));
  return steps.map(([command, what]) => `  ${(command as string).padEnd(width)}   ${what}`).join("\n");
}

/** A path as one shell word: quoted when it holds anything but plain path characters. */
function shellWord(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      template: { type: "string", short: "t" },
      js: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}
