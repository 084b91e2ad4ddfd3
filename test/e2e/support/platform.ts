/** The platform under `wrangler dev` for browser tests, and a plain page server for redirect targets. */
import { createServer, type Server } from "node:http";
import { createServer as createTcpServer } from "node:net";
import path from "node:path";
import { build } from "esbuild";
import { type RunningWorker, startPlatform } from "../../../tools/local-platform/local-platform.ts";

export type { RunningWorker };
export { startPlatform };

export interface TargetSite {
  /** http://127.0.0.1:<port> */
  origin: string;
  stop(): Promise<void>;
}

/** Where the single-page app of the target site signs in (the platform under test). */
export interface SpaSettings {
  authUrl: string;
  idpApiUrl: string;
  apiKey: string;
}

/**
 * A stand-in for a product site (a redirect target). /spa is a single-page app on the SPA
 * sign-in helper (support/spa-app.ts); every other path answers a small page naming the path,
 * so a test can see where the browser landed.
 */
export async function startTargetSite(port: number, spa: SpaSettings): Promise<TargetSite> {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, "spa-app.ts")],
    bundle: true,
    write: false,
    format: "esm",
    target: "es2022",
  });
  const script = bundle.outputFiles[0]?.text ?? "";
  const config = JSON.stringify(spa).replace(/</g, "\\u003c");
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://x").pathname;
    if (pathname === "/spa.js") {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8" });
      response.end(script);
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    if (pathname === "/spa") {
      response.end(`<!doctype html><title>spa</title><script type="application/json" id="spa-config">${config}</script>
<p id="status">starting</p><button id="logout">Log out</button><script type="module" src="/spa.js"></script>`);
      return;
    }
    response.end(`<!doctype html><title>target</title><h1 id="landed">${pathname.replace(/[^a-z0-9/-]/gi, "")}</h1>`);
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
