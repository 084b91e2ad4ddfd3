/**
 * `scenario publish [dir]` and `scenario login --token <token>` (docs/publishing.md).
 */
import { parseArgs } from "node:util";
import { ClientFilesError } from "./client-zip.ts";
import { ManifestError } from "./manifest.ts";
import { PublishError } from "./platform-client.ts";
import { discoverPlatform } from "./platform-discovery.ts";
import { publish } from "./publish.ts";
import { configPath, publishTarget, readConfig, writeConfig } from "./publish-config.ts";
import { progressStep, uploadProgressLine } from "./upload-progress.ts";

export const PUBLISH_USAGE = `Usage: scenario publish [dir] [--platform URL] [--auth-url URL] [--api-url URL]
       scenario login --token TOKEN [--platform URL] [--auth-url URL] [--api-url URL]

  publish [dir]   build, bundle and upload the scenario in dir (default .) as a new revision;
                  prints the revision id and the URL to play it
  login           keep a publish token (and the platform URLs) in ~/.config/scenario/config.json
                  ($SCENARIO_CONFIG); SCENARIO_PUBLISH_TOKEN in the environment wins over it.
                  The publish-token page shows the whole line to run
  --platform      the platform's address (http://localhost:8795 for npm run dev -- --port 8795):
                  the CLI asks it where its sign-in service and backend are
  --auth-url      sign-in service (default: what --platform found, SCENARIO_AUTH_URL, the config,
                  http://localhost:8787/auth)
  --api-url       backend (default: what --platform found, SCENARIO_API_URL, the config,
                  http://localhost:8787/backend)`;

const KNOWN = new Set([ManifestError, ClientFilesError, PublishError]);

export function isPublishCommand(command: string | undefined): boolean {
  return command === "publish" || command === "login";
}

export async function publishMain(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${PUBLISH_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, dir = "."] = positionals;
  if (values.help) {
    console.log(PUBLISH_USAGE);
    return 0;
  }
  try {
    if (command === "login") {
      const refused = refusedToken(values.token);
      if (refused !== null) return refused;
      return login(values.token as string, await platformUrls(values));
    }
    const urls = await platformUrls(values);
    const target = publishTarget(urls);
    const report = await publish({
      dir,
      target,
      log: (line) => console.error(`scenario publish: ${line}`),
      progress: progressPrinter(),
    });
    console.error(`scenario publish: revision ${report.revisionId} of ${report.scenarioId} is live`);
    console.log(`revisionId: ${report.revisionId}\nplay: ${report.playUrl}`);
    if (report.privateRoomUrl) {
      console.log(`private room: ${report.privateRoomUrl}`);
      console.error(
        "scenario publish: share the play link: everyone who opens it is seated in an open room of this revision (a new one when none has a free seat). For a room only the players you invite reach, open the private room link and send them the link it shows.",
      );
    } else {
      console.error("scenario publish: share the play link: each player plays it alone in their browser.");
    }
    return 0;
  } catch (error) {
    if (error instanceof Error && [...KNOWN].some((kind) => error instanceof kind)) {
      console.error(`scenario ${command}: ${error.message}`);
      return 1;
    }
    console.error(`scenario ${command} failed:`, error instanceof Error ? error.message : error);
    return 1;
  }
}

/** --auth-url and --api-url as given, else what the platform at --platform says. */
async function platformUrls(values: {
  platform?: string;
  "auth-url"?: string;
  "api-url"?: string;
}): Promise<{ authUrl?: string; apiUrl?: string }> {
  const given = { authUrl: values["auth-url"], apiUrl: values["api-url"] };
  if (values.platform === undefined || (given.authUrl && given.apiUrl)) return given;
  const found = await discoverPlatform(values.platform);
  return { authUrl: given.authUrl ?? found.authUrl, apiUrl: given.apiUrl ?? found.apiUrl };
}

/** The exit code of a login whose --token is missing or is no publish token, else null. */
function refusedToken(token: string | undefined): number | null {
  if (!token) {
    console.error(`scenario login: --token is required\n\n${PUBLISH_USAGE}`);
    return 2;
  }
  if (!/^sgpt_[A-Za-z0-9_-]{43}$/.test(token)) {
    console.error("scenario login: that is not a publish token (they start with sgpt_)");
    return 1;
  }
  return null;
}

function login(token: string, urls: { authUrl?: string; apiUrl?: string }): number {
  const file = configPath();
  const config = { ...readConfig(file), token };
  if (urls.authUrl) config.authUrl = urls.authUrl;
  if (urls.apiUrl) config.apiUrl = urls.apiUrl;
  writeConfig(file, config);
  const target = publishTarget({});
  console.error(
    `scenario login: publish token saved in ${file}; scenario publish signs in at ${target.authUrl} and uploads to ${target.apiUrl}`,
  );
  return 0;
}

/** Upload progress (upload-progress.ts): on one rewritten line in a terminal, every 25% in a log. */
function progressPrinter() {
  const lastStep = new Map<string, number>();
  return (file: string, sent: number, total: number) => {
    const line = `scenario publish: ${uploadProgressLine(file, sent, total)}`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${sent >= total ? "\n" : ""}`);
      return;
    }
    const step = progressStep(sent, total);
    if (step === lastStep.get(file)) return;
    lastStep.set(file, step);
    console.error(line);
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      token: { type: "string" },
      platform: { type: "string" },
      "auth-url": { type: "string" },
      "api-url": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}
