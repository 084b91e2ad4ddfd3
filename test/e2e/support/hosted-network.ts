/**
 * The network between the production rehearsal's processes: the public host names of the
 * environment (auth.example.com, ...) lead to the hosted platform's loopback port, as DNS leads to
 * Cloudflare in production. Chromium maps them itself (--host-resolver-rules); a Node process (the
 * scenario CLI) goes through an HTTP CONNECT proxy (Node's NODE_USE_ENV_PROXY); the payment
 * stand-in, a Worker that can resolve no made-up name, posts its events to a relay.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import { request as httpsRequest } from "node:https";
import { connect } from "node:net";

export interface Listening {
  url: string;
  stop(): Promise<void>;
}

function listen(server: Server, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

/**
 * Plain HTTP on loopback, forwarded to https://<host>/ served on `targetPort` (the certificate of
 * `wrangler dev --local-protocol https` is its own, self-signed: accepted here).
 */
export function startHostRelay(port: number, target: { host: string; port: number }): Promise<Listening> {
  const server = createServer((incoming: IncomingMessage, outgoing) => {
    const forwarded = httpsRequest(
      {
        host: "127.0.0.1",
        port: target.port,
        servername: target.host,
        rejectUnauthorized: false,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.once("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`relay: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  return listen(server, port);
}

/**
 * An HTTP CONNECT proxy: a tunnel to a host of `routes` on port 443 leads to its loopback port;
 * anything else is refused with 403 (the rehearsal reaches nothing beyond this machine).
 */
export function startHostsProxy(port: number, routes: Readonly<Record<string, number>>): Promise<Listening> {
  const server = createServer((_incoming, outgoing) => {
    outgoing.writeHead(405, { "content-type": "text/plain" });
    outgoing.end("CONNECT only");
  });
  server.on("connect", (incoming: IncomingMessage, client, head) => {
    const [host = "", hostPort] = (incoming.url ?? "").split(":");
    const targetPort = routes[host];
    if (targetPort === undefined || hostPort !== "443") {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = connect(targetPort, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.once("error", close);
    client.once("error", close);
  });
  return listen(server, port);
}

/** The environment of a Node process (the scenario CLI) whose requests to the mapped hosts take the proxy. */
export function proxiedNodeEnv(proxyUrl: string): Record<string, string> {
  return {
    HTTPS_PROXY: proxyUrl,
    NO_PROXY: "127.0.0.1,localhost",
    NODE_USE_ENV_PROXY: "1",
    // wrangler's local certificate is its own; a person's machine would trust the real one.
    NODE_TLS_REJECT_UNAUTHORIZED: "0",
  };
}

/** A request to a public URL of the environment, sent to the hosted platform on `port` (its certificate accepted). */
export function hostedFetch(
  url: string,
  port: number,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = httpsRequest(
      {
        host: "127.0.0.1",
        port,
        servername: target.hostname,
        rejectUnauthorized: false,
        method: init.method ?? "GET",
        path: `${target.pathname}${target.search}`,
        headers: { ...init.headers, host: target.host },
      },
      (answer) => {
        let body = "";
        answer.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        answer.once("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
      },
    );
    sent.once("error", reject);
    sent.end(init.body);
  });
}
