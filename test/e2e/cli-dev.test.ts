import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { type RunningScenario, runScenarioDev } from "./scenario-dev";

// Ports 8816 (harness) and 8817 (local rooms) belong to this test.
const PORT = testPort(8816);
const projectRoot = path.resolve(import.meta.dirname, "../..");

let dir: string;
let dev: RunningScenario;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "scenario-copy-"));
  cpSync(path.join(projectRoot, "tools/cli/templates/js/turn-based"), dir, { recursive: true });
  // A build step, as a scenario with a compile step has: it writes the logic entry from its source
  // and counts its runs in a file the harness serves.
  cpSync(path.join(dir, "logic.js"), path.join(dir, "logic.src.js"));
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8"));
  writeFileSync(
    path.join(dir, "manifest.json"),
    JSON.stringify({ ...manifest, build: "node build.mjs", serverActionLogicPath: "built/logic.js" }),
  );
  writeFileSync(
    path.join(dir, "build.mjs"),
    [
      'import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";',
      'mkdirSync("built", { recursive: true });',
      'writeFileSync("built/logic.js", readFileSync("logic.src.js"));',
      'const runs = existsSync("built/runs.txt") ? Number(readFileSync("built/runs.txt", "utf8")) : 0;',
      'writeFileSync("built/runs.txt", String(runs + 1));',
    ].join("\n"),
  );
  dev = await runScenarioDev(dir, PORT, ["--seats", "3", "--spectator"]);
  base = dev.url.replace(/\/$/, "");
});

afterAll(async () => {
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Frame = { type: string; [key: string]: any };

/** A seat's socket through the harness server, as the SDK opens it; resolves with the frames of the first second. */
function firstFrames(url: string, until: (frames: Frame[]) => boolean): Promise<Frame[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const frames: Frame[] = [];
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`timed out; got ${frames.map((f) => f.type).join(", ")}`));
    }, 10_000);
    socket.addEventListener("message", (event) => {
      frames.push(JSON.parse(String(event.data)));
      if (until(frames)) {
        clearTimeout(timer);
        socket.close();
        resolve(frames);
      }
    });
    socket.addEventListener("error", () => reject(new Error("socket error")));
  });
}

async function config() {
  return (await fetch(`${base}/harness/config`)).json() as Promise<{
    revisionId: string;
    roster: { id: string }[];
    spectator: boolean;
  }>;
}

/** Reads the harness event stream until an event of `name` arrives. */
async function nextEvent(name: string, trigger: () => void): Promise<unknown> {
  const controller = new AbortController();
  const response = await fetch(`${base}/harness/events`, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  await reader.read(); // the ": connected" comment: the stream is open
  trigger();
  const deadline = Date.now() + 20_000;
  try {
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
      const match = new RegExp(`event: ${name}\\ndata: (.*)\\n\\n`).exec(text);
      if (match?.[1]) return JSON.parse(match[1]);
    }
    throw new Error(`no ${name} event; stream so far:\n${text}`);
  } finally {
    controller.abort();
  }
}

/** How often the manifest's build command ran so far. */
async function buildRuns(): Promise<number> {
  return Number(await (await fetch(`${base}/client/built/runs.txt`)).text());
}

describe("scenario dev: seats, roster authority, reload", () => {
  it("runs the manifest's build before it starts, as scenario publish does (the logic entry is its output)", async () => {
    expect(await buildRuns()).toBe(1);
    expect(dev.output()).toContain("build: node build.mjs");
  });

  it("takes --seats and --spectator: three player seats and a spectator in the harness config", async () => {
    const current = await config();
    expect(current.roster.map((seat) => seat.id)).toEqual(["p1", "p2", "p3"]);
    expect(current.spectator).toBe(true);
    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain('<script type="module" src="/harness.js"></script>');
    const script = await (await fetch(`${base}/harness.js`)).text();
    expect(script).toContain('seatUrl("spectator", "spectator", { monitor: "1" })');
  });

  it("injects the roster built from the manifest and ignores the one a client declares", async () => {
    const { revisionId } = await config();
    const declared = encodeURIComponent(JSON.stringify(["mallory"]));
    const url = `${base.replace("http", "ws")}/rooms/ws/games/${revisionId}/roster-check?seatId=p1&players=${declared}`;
    const frames = await firstFrames(url, (seen) => seen.some((f) => f.type === "__game_start"));
    const start = frames.find((f) => f.type === "__game_start") as Frame;
    expect(start.players.map((seat: { id: string }) => seat.id)).toEqual(["p1", "p2", "p3"]);
    expect(start.state.seats).toEqual({ X: "p1", O: "p2" });
  });

  it("its rooms require seat tickets, which the harness mints: a socket around the harness is refused", async () => {
    const { revisionId } = await config();
    const direct = await fetch(`http://127.0.0.1:${PORT + 1}/rooms/ws/games/${revisionId}/r?seatId=p1`);
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ error: "ticket_required" });
  });

  it("a logic edit runs the build again and becomes a new dev revision; the rooms run the new code", async () => {
    const before = await config();
    const logic = path.join(dir, "logic.src.js");
    const event = (await nextEvent("revision", () =>
      writeFileSync(logic, readFileSync(logic, "utf8").replace("timeouts: 0,", "timeouts: 0, edited: true,")),
    )) as { revisionId: string };
    expect(event.revisionId).not.toBe(before.revisionId);
    expect((await config()).revisionId).toBe(event.revisionId);
    // Once per change: what the build writes itself does not set off another build.
    expect(await buildRuns()).toBe(2);
    const url = `${base.replace("http", "ws")}/rooms/ws/games/${event.revisionId}/after-edit?seatId=p1`;
    const frames = await firstFrames(url, (seen) => seen.some((f) => f.type === "__game_start"));
    expect(frames.find((f) => f.type === "__game_start")?.state.edited).toBe(true);
  });

  it("warns in the terminal when the logic writes a global, which every room of the revision shares", async () => {
    const logic = path.join(dir, "logic.src.js");
    const edited = readFileSync(logic, "utf8").replace(
      "    return state;",
      "    globalThis.lastSetup = state;\n    return state;",
    );
    const event = (await nextEvent("revision", () => writeFileSync(logic, edited))) as { revisionId: string };
    expect(dev.output()).not.toContain("lastSetup");
    const url = `${base.replace("http", "ws")}/rooms/ws/games/${event.revisionId}/global-write?seatId=p1`;
    await firstFrames(url, (seen) => seen.some((f) => f.type === "__game_start"));
    await expect.poll(() => dev.output()).toMatch(/wrote to the isolate's globals.*"lastSetup"/);
  });

  it("a client-only edit keeps the revision and tells the harness to reload the seats", async () => {
    const before = await config();
    const page = path.join(dir, "index.html");
    await nextEvent("client", () => writeFileSync(page, readFileSync(page, "utf8").replace("<h1>", "<h1>Edited ")));
    expect((await config()).revisionId).toBe(before.revisionId);
    expect(await (await fetch(`${base}/client/index.html`)).text()).toContain("<h1>Edited ");
    expect(await buildRuns()).toBe(4);
  });

  it("serves only the client folder", async () => {
    const outside = await fetch(`${base}/client/%2e%2e%2fmanifest.json`);
    expect(outside.status).toBe(403);
    expect(await outside.json()).toMatchObject({ error: "outside_client" });
    expect((await fetch(`${base}/client/nothing.js`)).status).toBe(404);
  });
});

describe("scenario dev: manifest errors stop the command before anything starts", () => {
  /** Runs `scenario dev` on a folder holding just this manifest, to its exit. */
  function devWithManifest(manifest: unknown) {
    const broken = mkdtempSync(path.join(tmpdir(), "scenario-broken-"));
    writeFileSync(path.join(broken, "manifest.json"), JSON.stringify(manifest));
    const result = spawnSync(
      path.join(projectRoot, "node_modules/.bin/node"),
      [path.join(projectRoot, "tools/cli/run.ts"), "dev", broken, "--port", String(testPort(8818))],
      { encoding: "utf8" },
    );
    rmSync(broken, { recursive: true, force: true });
    return result;
  }

  it("exits 1 naming the problem", () => {
    const result = devWithManifest({ serverActionLogicPath: "logic.js" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/scenario dev: .*manifest\.json: id is required/);
  });

  it("exits 1 naming the build command when the manifest's build fails", () => {
    const result = devWithManifest({ id: "broken-build", serverActionLogicPath: "logic.js", build: "exit 3" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('scenario dev: build command "exit 3" exited with 3');
  });
});
