import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";

/** The local platform (`npm run dev`): where publish goes unless told otherwise. */
export const DEFAULT_AUTH_URL = "http://localhost:8787/auth";
export const DEFAULT_API_URL = "http://localhost:8787/backend";

const configSchema = z.object({
  token: z.string().optional(),
  authUrl: z.string().optional(),
  apiUrl: z.string().optional(),
});

export type PublishConfig = z.infer<typeof configSchema>;

/** Where `scenario login` keeps the token: $SCENARIO_CONFIG, else ~/.config/scenario/config.json. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SCENARIO_CONFIG) return env.SCENARIO_CONFIG;
  const base = env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config");
  return path.join(base, "scenario", "config.json");
}

export function readConfig(file: string): PublishConfig {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return {};
  }
  const parsed = configSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a scenario config file; run scenario login --token again`);
  return parsed.data;
}

/** Writes the config readable by its owner only: it holds a secret. */
export function writeConfig(file: string, config: PublishConfig): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

export interface PublishTarget {
  token: string | null;
  /** Where the token came from, for messages ("SCENARIO_PUBLISH_TOKEN" or the config file). */
  tokenSource: string;
  authUrl: string;
  apiUrl: string;
}

/**
 * Flags first (--auth-url/--api-url, then the URLs --platform found), then the environment, then
 * the config file (what scenario login saved), then the local platform on its default port.
 */
export function publishTarget(
  flags: { authUrl?: string; apiUrl?: string },
  env: NodeJS.ProcessEnv = process.env,
): PublishTarget {
  const file = configPath(env);
  const config = readConfig(file);
  const token = env.SCENARIO_PUBLISH_TOKEN || config.token || null;
  return {
    token,
    tokenSource: env.SCENARIO_PUBLISH_TOKEN ? "SCENARIO_PUBLISH_TOKEN" : file,
    authUrl: trim(flags.authUrl || env.SCENARIO_AUTH_URL || config.authUrl || DEFAULT_AUTH_URL),
    apiUrl: trim(flags.apiUrl || env.SCENARIO_API_URL || config.apiUrl || DEFAULT_API_URL),
  };
}

function trim(url: string): string {
  return url.replace(/\/+$/, "");
}
