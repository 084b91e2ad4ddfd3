import type { GameDefinition } from "../../src/engine/types.ts";
import { bundleLogic } from "./bundle.ts";
import { readManifest, readScenario } from "./manifest.ts";
import { runBuild } from "./run-build.ts";

/**
 * The scenario's server logic as it is now, loaded the way `scenario dev` loads it: the manifest's
 * `build` command first, then `serverActionLogicPath` bundled with esbuild into one module, which
 * is imported here (the room server runs the same bundle in its sandbox).
 */
export async function loadScenarioLogic(dir: string): Promise<GameDefinition> {
  const command = readManifest(dir).build;
  if (command) await runBuild(command, dir);
  const scenario = readScenario(dir);
  const code = await bundleLogic(scenario.logicEntry, scenario.dir);
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`)) as {
    default?: GameDefinition;
  };
  if (!module.default || typeof module.default !== "object") {
    throw new LogicModuleError(`${scenario.logicEntry} has no default export: the game object`);
  }
  return module.default;
}

export class LogicModuleError extends Error {
  override name = "LogicModuleError";
}
