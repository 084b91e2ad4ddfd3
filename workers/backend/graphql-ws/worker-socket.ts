import { CloseCode, handleProtocols, type Server } from "graphql-ws";
import type { Logger } from "../../../src/log/logger";
import { answerClose } from "../../../src/worker-kit/close-handshake";
import { withLog } from "../../../src/worker-kit/request-log";
import type { ConnectionExtra } from "./graphql-ws-server";

/** The longest message a client may send; a subscribe with a large query is a few KiB. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

/**
 * Accepts a GraphQL WebSocket in this Worker (a WebSocketPair: the Worker holds the connection,
 * docs/decisions/0086-the-balance-subscription-over-graphql-ws-the.md says why) and hands it to a graphql-ws server. The 101 answer names
 * `graphql-transport-ws` when the client offered it; otherwise graphql-ws closes the socket at
 * once with 4406. Each message is handled on its own (a subscription's handler runs until it
 * ends), under the upgrade request's logger.
 */
export function acceptGraphqlWs(request: Request, server: Server<ConnectionExtra>, log: Logger): Response {
  const protocol = handleProtocols(request.headers.get("sec-websocket-protocol") ?? "") || "";
  const { 0: client, 1: socket } = new WebSocketPair();
  socket.accept();
  let closing = false;
  const close = (code: number, reason: string) => {
    if (closing) return;
    closing = true;
    try {
      socket.close(code, reason);
    } catch {
      // closed by the client already
    }
  };
  const closed = server.opened(
    {
      protocol,
      send: (data) => {
        if (!closing && socket.readyState === WebSocket.OPEN) socket.send(data);
      },
      close,
      onMessage: (handle) => {
        socket.addEventListener("message", ({ data }) => {
          if (typeof data !== "string") return close(CloseCode.BadRequest, "Invalid message received");
          if (data.length > MAX_MESSAGE_CHARS) return close(1009, "Message too big");
          // A subscribe's handler runs until its subscription ends: never awaited here.
          void withLog(log, async () => {
            try {
              await handle(data);
            } catch (error) {
              log.error("graphql-ws message failed", { error: error instanceof Error ? error.message : String(error) });
              close(CloseCode.InternalServerError, "Internal server error");
            }
          });
        });
      },
    },
    { close },
  );
  socket.addEventListener("close", ({ code, reason }) => {
    if (!closing) {
      closing = true;
      answerClose(socket, code, reason);
    }
    withLog(log, () => closed(code, reason)).catch((error: unknown) =>
      log.error("graphql-ws close failed", { error: error instanceof Error ? error.message : String(error) }),
    );
  });
  const headers: HeadersInit = protocol ? { "sec-websocket-protocol": protocol } : {};
  return new Response(null, { status: 101, webSocket: client, headers });
}
