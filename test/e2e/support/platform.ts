/** The platform under `wrangler dev` for browser tests, and a plain page server for redirect targets. */
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import { type RunningWorker, startPlatform } from "../../../scripts/local-platform.ts";

export type { RunningWorker };
export { startPlatform };

export interface TargetSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  stop(): Promise<void>;
}

/**
 * A stand-in for a product site (a redirect target): every path answers a small HTML page
 * naming the path, so a test can see where the browser landed.
 */
export function startTargetSite(port: number): Promise<TargetSite> {
  const server: Server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    const path = new URL(request.url ?? "/", "http://x").pathname.replace(/[^a-z0-9/-]/gi, "");
    response.end(`<!doctype html><title>target</title><h1 id="landed">${path}</h1>`);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        origin: `http://127.0.0.1:${port}`,
        stop: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

/**
 * Waits until nothing listens on a port (another checkout's e2e run on this shared machine may
 * hold it for a few seconds), so two runs take turns instead of failing on a busy port.
 */
export async function waitForFreePort(port: number, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await isFree(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} stayed busy for ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createTcpServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
