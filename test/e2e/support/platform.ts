/** The platform under `wrangler dev` for browser tests, and a plain page server for redirect targets. */
import { createServer, type Server } from "node:http";
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
