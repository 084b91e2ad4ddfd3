/**
 * `scenario`: the scenario author's command line. `scenario init [dir]` writes a new scenario,
 * `scenario dev [dir]` runs a scenario locally with several seats side by side, `scenario test
 * [dir]` runs its tests on a headless room, `scenario replay <dir> <replay.json>` runs a saved game
 * again with the current logic, `scenario loadtest [dir]` plays many rooms of it with bots (see
 * docs/authoring.md).
 */
import { parseArgs } from "node:util";
import { startDev } from "./dev-command.ts";
import { INIT_USAGE, initMain } from "./init-command.ts";
import { isLoadtestCommand, LOADTEST_USAGE, loadtestMain } from "./loadtest-command.ts";
import { ManifestError } from "./manifest.ts";
import { isPublishCommand, PUBLISH_USAGE, publishMain } from "./publish-command.ts";
import { REPLAY_USAGE, replayMain } from "./replay-command.ts";
import { BuildError } from "./run-build.ts";
import { TEST_USAGE, testMain } from "./test-command.ts";

const USAGE = `Usage: scenario dev [dir] [--port 8810] [--rooms-port 8811] [--seats N] [--spectator]

  dev [dir]       run the scenario in dir (default .): local rooms, and a harness page with
                  one iframe per seat (seats from manifest.json playerCount, or --seats)
  --port          port of the harness page (default 8810); the local rooms use port + 1
  --rooms-port    port of the local rooms (wrangler dev)
  --seats N       number of player seats (overrides playerCount)
  --spectator     add a spectator iframe (a monitor connection: not counted in presence)`;

export async function main(argv: string[]): Promise<number> {
  const first = argv.find((arg) => !arg.startsWith("-"));
  if (first === "init") return initMain(argv);
  if (isPublishCommand(first)) return publishMain(argv);
  if (first === "replay") return replayMain(argv);
  if (first === "test") return testMain(argv);
  if (isLoadtestCommand(first)) return loadtestMain(argv);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, dir = "."] = positionals;
  if (values.help || !command) {
    console.log(
      `${INIT_USAGE}\n\n${USAGE}\n\n${TEST_USAGE}\n\n${REPLAY_USAGE}\n\n${PUBLISH_USAGE}\n\n${LOADTEST_USAGE}`,
    );
    return command || values.help ? 0 : 2;
  }
  if (command !== "dev") {
    console.error(`Unknown command: ${command}\n\n${USAGE}`);
    return 2;
  }
  const port = positiveInt(values.port ?? "8810", "--port");
  const roomsPort = values["rooms-port"] === undefined ? undefined : positiveInt(values["rooms-port"], "--rooms-port");
  const seats = values.seats === undefined ? undefined : positiveInt(values.seats, "--seats");
  if (port === null || roomsPort === null || seats === null) return 2;
  try {
    console.log("scenario dev: starting the local rooms ...");
    const session = await startDev({
      dir,
      port,
      roomsPort,
      seats,
      spectator: values.spectator ?? false,
      log: (line) => console.log(line),
    });
    console.log(`scenario dev: revision ${session.revisionId()}\n\n  Harness: ${session.url}\n\nCtrl-C stops.`);
    await new Promise<void>((resolve) => {
      process.once("SIGINT", resolve);
      process.once("SIGTERM", resolve);
    });
    await session.stop();
    return 0;
  } catch (error) {
    if (error instanceof ManifestError || error instanceof BuildError) {
      console.error(`scenario dev: ${error.message}`);
      return 1;
    }
    console.error("scenario dev failed:", error instanceof Error ? error.message : error);
    return 1;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: "string" },
      "rooms-port": { type: "string" },
      seats: { type: "string" },
      spectator: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

function positiveInt(value: string, flag: string): number | null {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) {
    console.error(`${flag} must be a positive whole number, got ${value}`);
    return null;
  }
  return number;
}
