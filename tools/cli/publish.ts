import { existsSync } from "node:fs";
import path from "node:path";
import { CODE_LIMITS } from "../../src/publishing/limits.ts";
import { bundleLogic, LogicBuildError } from "./bundle.ts";
import { zipClient } from "./client-zip.ts";
import { readManifest } from "./manifest.ts";
import { exchangePublishToken, PublishError, register, startUpload, upload } from "./platform-client.ts";
import type { PublishTarget } from "./publish-config.ts";
import { BuildError, runBuild } from "./run-build.ts";

export interface PublishReport {
  revisionId: string;
  playUrl: string;
  privateRoomUrl: string | null;
  scenarioId: string;
  clientZipBytes: number;
  logicBytes: number | null;
}

export interface PublishOptions {
  dir: string;
  target: PublishTarget;
  /** One line of progress for people. */
  log: (line: string) => void;
  /** Upload progress of one file. */
  progress: (file: string, sent: number, total: number) => void;
}

/**
 * `scenario publish`: manifest, build command, logic bundle (esbuild, every import resolved),
 * client zip, token exchange, upload, registration. A manifest without serverActionLogicPath
 * publishes the client alone (a solo scenario, no logic.js).
 */
export async function publish(options: PublishOptions): Promise<PublishReport> {
  const { dir, target, log } = options;
  if (!target.token) {
    throw new PublishError(
      `No publish token: set SCENARIO_PUBLISH_TOKEN or run scenario login --token <token> (create one at ${target.authUrl}/publish-tokens)`,
    );
  }
  const manifest = readManifest(dir);
  if (manifest.build) {
    log(`build: ${manifest.build}`);
    await runBuild(manifest.build, dir).catch((error: unknown) => {
      throw error instanceof BuildError ? new PublishError(error.message) : error;
    });
  }
  let logic: string | null = null;
  if (manifest.serverActionLogicPath) {
    const entry = path.resolve(dir, manifest.serverActionLogicPath);
    if (!existsSync(entry))
      throw new PublishError(`serverActionLogicPath ${manifest.serverActionLogicPath} does not exist`);
    logic = await bundled(entry, dir);
    const bytes = Buffer.byteLength(logic);
    if (bytes > CODE_LIMITS.logicBytes) {
      throw new PublishError(`the bundled logic is ${bytes} bytes; at most ${CODE_LIMITS.logicBytes} can be published`);
    }
    log(`logic: ${manifest.serverActionLogicPath} bundled (${bytes} bytes)`);
  } else {
    log("logic: none (no serverActionLogicPath): publishing a solo scenario");
  }
  const clientDir = path.resolve(dir, manifest.output ?? ".");
  const client = zipClient(clientDir);
  log(`client: ${client.files} files from ${clientDir} zipped (${client.zip.byteLength} bytes)`);

  const idToken = await exchangePublishToken(target.authUrl, target.token);
  const session = await startUpload(target.apiUrl, idToken, {
    scenarioId: manifest.id,
    ...(manifest.name ? { name: manifest.name } : {}),
    ...(manifest.playerCount ? { playerCount: manifest.playerCount } : {}),
    logic: logic !== null,
  });
  await upload("client.zip", session.clientZip.url, client.zip, (sent, total) =>
    options.progress("client.zip", sent, total),
  );
  const logicBytes = logic === null ? null : new TextEncoder().encode(logic);
  if (logicBytes && session.logic) {
    await upload("logic.js", session.logic.url, logicBytes, (sent, total) => options.progress("logic.js", sent, total));
  }
  const registered = await register(target.apiUrl, idToken, session.uploadId);
  return {
    revisionId: registered.revisionId,
    playUrl: registered.playUrl,
    privateRoomUrl: registered.privateRoomUrl ?? null,
    scenarioId: manifest.id,
    clientZipBytes: client.zip.byteLength,
    logicBytes: logicBytes?.byteLength ?? null,
  };
}

async function bundled(entry: string, dir: string): Promise<string> {
  try {
    return await bundleLogic(entry, dir);
  } catch (error) {
    if (error instanceof LogicBuildError) throw new PublishError(error.message);
    throw error;
  }
}
