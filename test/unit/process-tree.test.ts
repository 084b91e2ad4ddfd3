/**
 * The starter under wrangler dev and `scenario dev` (tools/local-platform/process-tree.ts): a
 * start that never gets ready, one given up on from outside, and a stop all leave no process and
 * no bound port behind, even when the process that was started leaves a child of its own behind
 * (as wrangler would leave workerd) or a child ignores SIGTERM.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import {
  isRunning,
  liveTreeCount,
  spawnTree,
  startUntilReady,
  stopAllTrees,
} from "../../tools/local-platform/process-tree.ts";

/**
 * A stand-in for wrangler: it starts a child (its "workerd") that listens on `port` and writes
 * `{pid, port}` to `file`, then exits on SIGTERM without stopping that child. It never prints a
 * ready line. With `stubborn`, the child ignores SIGTERM too. A fixed port of this checkout, not
 * an ephemeral one: another process's connection may take a freed ephemeral port at once.
 */
function fakeServerArgs(file: string, port: number, stubborn = false): string[] {
  const child = `
    const server = require("node:net").createServer();
    ${stubborn ? 'process.on("SIGTERM", () => {});' : ""}
    server.listen(${port}, "127.0.0.1", () => {
      require("node:fs").writeFileSync(${JSON.stringify(file)}, JSON.stringify({ pid: process.pid, port: server.address().port }));
    });`;
  const parent = `
    require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(child)}], { stdio: "ignore" });
    process.on("SIGTERM", () => process.exit(0));
    setInterval(() => {}, 1000);`;
  return ["-e", parent];
}

/** This file's port (vitest.config.ts lists the test ports). */
const PORT = testPort(8860);
let dir: string;
const listening = () => JSON.parse(readFileSync(path.join(dir, "child.json"), "utf8")) as { pid: number; port: number };

/** Waits until the fake's child listens (it wrote its file). */
const childListens = () => expect.poll(() => existsSync(path.join(dir, "child.json")), { timeout: 20_000 }).toBe(true);

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "tree-"));
});

afterEach(async () => {
  await stopAllTrees();
  rmSync(dir, { recursive: true, force: true });
});

/** The fake started as wrangler dev is: resolved once it prints a ready line it never prints. */
const startFake = (timeoutMs?: number) =>
  startUntilReady(
    process.execPath,
    fakeServerArgs(path.join(dir, "child.json"), PORT),
    {},
    {
      ready: /Ready on http/,
      label: "fake wrangler",
      timeoutMs,
    },
  );

/** The fake with a child that ignores SIGTERM, as a plain tree; once that child listens. */
async function stubbornTree() {
  const tree = spawnTree(process.execPath, fakeServerArgs(path.join(dir, "child.json"), PORT, true), {
    stdio: "ignore",
  });
  await childListens();
  return { tree, ...listening() };
}

describe("process trees of the local platform", () => {
  it("a start that is not ready in time leaves no process and no bound port", async () => {
    await expect(startFake(4_000)).rejects.toThrow("fake wrangler: not ready in 4 s");
    // The child was up (the timeout came after it listened) and is gone with its port.
    const { pid, port } = listening();
    expect(isRunning(pid)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
    expect(liveTreeCount()).toBe(0);
  });

  it("a start given up on (a hook's timeout) is stopped by stopAllTrees, with the child it left", async () => {
    const outcome = startFake().then(
      () => "ready",
      (error: Error) => error.message,
    );
    await childListens();
    const { pid, port } = listening();
    expect(await portIsFree(port)).toBe(false);

    await stopAllTrees();
    expect(await outcome).toMatch(/^fake wrangler: exited with .* before it was ready/);
    expect(isRunning(pid)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
    expect(liveTreeCount()).toBe(0);
  });

  it("stop() sends SIGKILL to a process of the tree that ignores SIGTERM, after the grace time", async () => {
    const { tree, pid, port } = await stubbornTree();
    await tree.stop(500);
    expect(isRunning(pid)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
  });

  it("kill() ends the whole tree at once, as a crash would", async () => {
    const { tree, pid, port } = await stubbornTree();
    await tree.kill();
    expect(isRunning(tree.child.pid as number)).toBe(false);
    expect(isRunning(pid)).toBe(false);
    expect(await portIsFree(port)).toBe(true);
  });
});
