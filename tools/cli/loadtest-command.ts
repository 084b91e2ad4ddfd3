/**
 * `scenario loadtest [dir]` (docs/authoring.md, "Load test"): exit 0 when every seat opened and
 * every action was answered, 1 when not (or when the scenario cannot run), 2 for flags out of
 * their bounds or a --replay file it cannot use. The progress goes to stderr, the table to stdout.
 */
import { BotError } from "../loadtest/bots.ts";
import { loadTestTable } from "../loadtest/report-table.ts";
import { ReplayFileError } from "./loadtest-bots.ts";
import { LOADTEST_USAGE, parseLoadtestFlags } from "./loadtest-flags.ts";
import { LoadPlanError, runLoadTest } from "./loadtest-run.ts";
import type { LocalRooms } from "./local-rooms.ts";
import { ManifestError } from "./manifest.ts";
import { BuildError } from "./run-build.ts";

export { LOADTEST_USAGE };

export function isLoadtestCommand(command: string | undefined): boolean {
  return command === "loadtest";
}

/** Runs `scenario loadtest`; `argv` is the command line after `scenario`, the command name included. */
export async function loadtestMain(argv: string[]): Promise<number> {
  const args = [...argv];
  args.splice(args.indexOf("loadtest"), 1);
  const flags = parseLoadtestFlags(args);
  if (!flags.ok) {
    if (flags.help) {
      console.log(LOADTEST_USAGE);
      return 0;
    }
    console.error(`scenario loadtest: ${flags.message}\n\n${LOADTEST_USAGE}`);
    return 2;
  }
  let rooms: LocalRooms | null = null;
  // Ctrl-C stops the local rooms too: nothing of the run outlives the command.
  const interrupt = () => {
    const stopping = rooms ? rooms.stop() : Promise.resolve();
    void stopping.finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupt);
  process.once("SIGTERM", interrupt);
  try {
    const run = await runLoadTest(flags.options, {
      log: (line) => console.error(`scenario loadtest: ${line}`),
      progress: process.stderr,
      onRoomsStarted: (started) => {
        rooms = started;
      },
    });
    console.log(loadTestTable(run.summary));
    for (const failure of run.failures) console.error(`scenario loadtest: ${failure}`);
    return run.failures.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof LoadPlanError) {
      console.error(`scenario loadtest: ${error.message}\n\n${LOADTEST_USAGE}`);
      return 2;
    }
    if (error instanceof ReplayFileError) {
      console.error(`scenario loadtest: ${error.message}`);
      return 2;
    }
    if (error instanceof ManifestError || error instanceof BuildError || error instanceof BotError) {
      console.error(`scenario loadtest: ${error.message}`);
      return 1;
    }
    console.error("scenario loadtest failed:", error instanceof Error ? error.message : error);
    return 1;
  } finally {
    process.off("SIGINT", interrupt);
    process.off("SIGTERM", interrupt);
  }
}
