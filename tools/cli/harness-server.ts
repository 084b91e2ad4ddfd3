import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import { connect } from "node:net";
import path from "node:path";
import type { Duplex } from "node:stream";
import type { HarnessPageConfig } from "../../src/page-configs/harness.ts";
import { withDevTicket } from "./dev-roster.ts";
import { devToolsRefusal } from "./dev-tools-proxy.ts";
import { harnessPage } from "./harness-page.ts";
import { linkSeat } from "./net/conditioned-link.ts";
import { answerConditionsRequest } from "./net/conditions-api.ts";
import { systemClock } from "./net/delay-queue.ts";
import { SeatConditions } from "./net/seat-conditions.ts";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
};

export interface HarnessOptions {
  port: number;
  title: string;
  clientDir: string;
  roomsPort: number;
  /** Key of the local rooms' seat tickets. */
  ticketSecret: string;
  sdk: () => string;
  /** The harness page's script (browser/harness/). */
  script: string;
  config: () => HarnessPageConfig;
  /** Where the pass-through reports what it did to a seat's connection (a queue over its cap). */
  log?: (line: string) => void;
}

/**
 * The CLI's own HTTP server: the harness page, the SDK bundle, the scenario's client files, a
 * stream of reload events, and the rooms' WebSockets passed through to wrangler dev with the
 * roster replaced by the CLI's, on each seat's network conditions (net/).
 */
export class HarnessServer {
  private readonly server: Server;
  private readonly listeners = new Set<ServerResponse>();
  private readonly options: HarnessOptions;
  private readonly conditions: SeatConditions;

  constructor(options: HarnessOptions) {
    this.options = options;
    this.conditions = new SeatConditions({
      clock: systemClock,
      seatIds: () => {
        const { roster, spectator } = options.config();
        return [...roster.map((seat) => seat.id), ...(spectator ? ["spectator"] : [])];
      },
      onChange: () => this.notify("conditions", this.conditions.snapshot()),
    });
    this.server = createServer((req, res) => this.handle(req, res));
    this.server.on("upgrade", (req, socket, head) => void this.proxyUpgrade(req, socket, head));
  }

  listen(): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.options.port, "127.0.0.1", () => resolve(`http://127.0.0.1:${this.options.port}/`));
    });
  }

  /** Tells every open harness page something changed (`revision`, `client` or `failed`). */
  notify(event: string, data: unknown): void {
    for (const res of this.listeners) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  close(): Promise<void> {
    this.conditions.close();
    for (const res of this.listeners) res.end();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://harness.local");
    if (url.pathname === "/harness/conditions" || url.pathname.startsWith("/harness/conditions/"))
      return void this.answerConditions(req, url.pathname, res);
    if (url.pathname.startsWith("/rooms/dev/rooms/")) return this.proxyDevTools(req, url.pathname, res);
    if (req.method !== "GET" && req.method !== "HEAD")
      return sendJson(res, 405, { error: "method_not_allowed", message: "GET only" });
    if (url.pathname === "/") return send(res, 200, CONTENT_TYPES[".html"] as string, harnessPage(this.options.title));
    if (url.pathname === "/sdk.js") return send(res, 200, CONTENT_TYPES[".js"] as string, this.options.sdk());
    if (url.pathname === "/harness.js") return send(res, 200, CONTENT_TYPES[".js"] as string, this.options.script);
    if (url.pathname === "/harness/config") return sendJson(res, 200, this.options.config());
    if (url.pathname === "/harness/events") return this.openEvents(res);
    if (url.pathname.startsWith("/client/")) return this.serveClientFile(url.pathname.slice("/client/".length), res);
    return sendJson(res, 404, { error: "not_found", message: `Nothing at ${url.pathname}` });
  }

  private async answerConditions(req: IncomingMessage, pathname: string, res: ServerResponse) {
    const port = this.options.port;
    const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
    const answer = await answerConditionsRequest(req, pathname, this.conditions, origins).catch(() => null);
    if (!answer) return res.destroy();
    if (answer.status === 413) res.setHeader("connection", "close");
    sendJson(res, answer.status, answer.body);
  }

  private openEvents(res: ServerResponse) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
    res.write(": connected\n\n");
    this.listeners.add(res);
    res.on("close", () => this.listeners.delete(res));
  }

  private serveClientFile(relative: string, res: ServerResponse) {
    const root = this.options.clientDir;
    const file = path.resolve(root, decodeURIComponent(relative) || "index.html");
    if (file !== root && !file.startsWith(root + path.sep)) {
      return sendJson(res, 403, { error: "outside_client", message: "Only files of the client folder are served" });
    }
    if (!existsSync(file) || !statSync(file).isFile()) {
      return sendJson(res, 404, { error: "not_found", message: `No file ${relative} in ${root}` });
    }
    res.writeHead(200, {
      "content-type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
      "cache-control": "no-store",
    });
    createReadStream(file).pipe(res);
  }

  /**
   * The rooms' dev tools (stats, the observer's event stream, the replay, the inspector's acts:
   * workers/rooms/routes/dev-rooms.ts) passed through to wrangler dev as they come, so the harness
   * page reads them from its own origin. An act (a POST) only from the harness page itself.
   */
  private proxyDevTools(req: IncomingMessage, pathname: string, res: ServerResponse) {
    const port = this.options.port;
    const refusal = devToolsRefusal(req, pathname, [`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
    if (refusal) return sendJson(res, refusal.status, refusal.body);
    const post = req.method === "POST";
    const headers: Record<string, string> = { accept: "*/*" };
    if (post) headers["content-type"] = req.headers["content-type"] ?? "";
    if (post && req.headers["content-length"]) headers["content-length"] = req.headers["content-length"];
    const upstream = request(
      { host: "127.0.0.1", port: this.options.roomsPort, path: req.url, method: post ? "POST" : "GET", headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, {
          "content-type": answer.headers["content-type"] ?? "application/octet-stream",
          "cache-control": "no-store",
        });
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (res.headersSent) res.destroy();
      else
        sendJson(res, 502, { error: "rooms_unreachable", message: `The local rooms did not answer: ${error.message}` });
    });
    res.on("close", () => upstream.destroy());
    if (post) req.pipe(upstream);
    else upstream.end();
  }

  /**
   * WebSocket upgrades under /rooms/ go to wrangler dev byte for byte, with the dev roster and a
   * seat ticket in the query.
   */
  private async proxyUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (!req.url?.startsWith("/rooms/ws/")) {
      socket.end("HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    socket.pause();
    socket.on("error", () => socket.destroy());
    let target: string;
    try {
      target = await withDevTicket(req.url, this.options.config().roster, this.options.ticketSecret);
    } catch {
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const seatId = new URL(req.url, "http://harness.local").searchParams.get("seatId");
    const seat = seatId && this.conditions.knows(seatId) ? seatId : null;
    const open = () => this.openUpstream(req, target, socket, head, seat);
    if (!seat) return open();
    const admission = this.conditions.admit(seat, { proceed: open, abandon: () => socket.destroy() });
    if (admission.go === "now") return open();
    if (admission.go === "held") {
      socket.once("close", admission.cancel);
      return;
    }
    const body = JSON.stringify({ error: "seat_offline", message: admission.message });
    socket.end(
      `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  /** Opens the socket to wrangler dev and joins it to the page's: on the seat's network, if a seat's. */
  private openUpstream(req: IncomingMessage, target: string, socket: Duplex, head: Buffer, seat: string | null) {
    if (socket.destroyed) return;
    const upstream = connect(this.options.roomsPort, "127.0.0.1", () => {
      const headers = Object.entries(req.headers)
        .filter(([name]) => name !== "host")
        .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
      const request = Buffer.from(
        [`GET ${target} HTTP/1.1`, `host: 127.0.0.1:${this.options.roomsPort}`, ...headers, "", ""].join("\r\n"),
      );
      const opening = head.length > 0 ? [request, head] : [request];
      if (seat) {
        const log = this.options.log ?? (() => {});
        linkSeat(socket, upstream, { seatId: seat, conditions: this.conditions, clock: systemClock, log }, opening);
        socket.resume();
        return;
      }
      for (const chunk of opening) upstream.write(chunk);
      socket.pipe(upstream).pipe(socket);
    });
    const teardown = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on("error", teardown);
    socket.on("error", teardown);
    if (seat) return;
    upstream.on("close", () => socket.destroy());
    socket.on("close", () => upstream.destroy());
  }
}

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  send(res, status, "application/json", JSON.stringify(body));
}
