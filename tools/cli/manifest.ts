import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { MAX_SEATS } from "../../src/engine/roster.ts";

/** manifest.json of a scenario (document 3, "Manifest"). */
const manifestSchema = z.object({
  id: z.string({ error: "id is required: the game's globally unique id" }).trim().min(1, "id must not be empty"),
  name: z.string().optional(),
  serverActionLogicPath: z.string().trim().min(1, "serverActionLogicPath must not be empty").optional(),
  playerCount: z
    .number({ error: "playerCount must be a number" })
    .int("playerCount must be a whole number")
    .min(1, "playerCount must be at least 1")
    .max(MAX_SEATS, `playerCount must be at most ${MAX_SEATS}`)
    .optional(),
  build: z.string().optional(),
  output: z.string().optional(),
});

export type Manifest = z.infer<typeof manifestSchema>;

export class ManifestError extends Error {
  override name = "ManifestError";
}

export interface Scenario {
  dir: string;
  manifest: Manifest;
  /** Absolute path of the server logic entry. */
  logicEntry: string;
  /** Folder of the client page (index.html): `output` if set, else the scenario folder. */
  clientDir: string;
}

/** Reads and checks `<dir>/manifest.json`; every problem is a ManifestError naming the field. */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, "manifest.json");
  if (!existsSync(file)) throw new ManifestError(`${file} not found: a scenario folder needs a manifest.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ManifestError(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".");
    const message = issue?.message ?? "invalid";
    throw new ManifestError(`${file}: ${field && !message.startsWith(field) ? `${field}: ` : ""}${message}`);
  }
  return parsed.data;
}

/** Reads and checks `<dir>/manifest.json` for `scenario dev`; every problem is a ManifestError naming the field. */
export function readScenario(dir: string): Scenario {
  const file = path.join(dir, "manifest.json");
  const manifest = readManifest(dir);
  if (!manifest.serverActionLogicPath) {
    throw new ManifestError(
      `${file}: serverActionLogicPath is missing; scenario dev runs rooms from the server logic entry (a solo scenario needs no rooms: open its page directly)`,
    );
  }
  const logicEntry = path.resolve(dir, manifest.serverActionLogicPath);
  if (!existsSync(logicEntry)) {
    throw new ManifestError(
      `${file}: serverActionLogicPath ${manifest.serverActionLogicPath} does not exist (${logicEntry})`,
    );
  }
  const clientDir = path.resolve(dir, manifest.output ?? ".");
  return { dir: path.resolve(dir), manifest, logicEntry, clientDir };
}
