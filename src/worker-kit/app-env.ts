import type { Config } from "../config";

/** Hono environment shared by every app: the Worker's bindings and the parsed config. */
export interface AppEnv {
  Bindings: Env;
  Variables: { config: Config };
}
