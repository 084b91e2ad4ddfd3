/**
 * The engine template: the module the room's sandboxed isolate starts from. It is bundled with
 * esbuild into sandbox/generated-template.ts (`npm run gen:template`), and the room loads it next
 * to the revision's logic.js. Its one door is the channel the room opens (src/engine/logic-channel.ts):
 * each request runs the same code the SDK's solo mode runs (src/engine/logic-runner.ts).
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import { answerChannelRequest, GLOBAL_WRITES_KEY } from "../../../src/engine/logic-channel";
import type { GameDefinition } from "../../../src/engine/types";
import logic from "./logic.js";

const game: GameDefinition = logic && typeof logic === "object" ? logic : {};
/** Dev only: the globals guard loaded before logic.js (globals-guard.ts); absent in production. */
const globalWrites = (globalThis as Record<symbol, unknown>)[Symbol.for(GLOBAL_WRITES_KEY)] as
  | (() => string[])
  | undefined;

export default class EngineTemplate extends WorkerEntrypoint {
  /** The room's channel: a WebSocket whose every text message is a request, answered on it. */
  override fetch(request: Request): Response {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("The engine template answers its room's channel only", { status: 426 });
    }
    const { 0: room, 1: own } = new WebSocketPair();
    own.accept();
    own.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return own.close(1003, "text requests only");
      void answerChannelRequest(game, event.data, globalWrites).then((reply) => {
        try {
          own.send(reply);
        } catch {
          // the room closed the channel meanwhile: nobody waits for this reply
        }
      });
    });
    own.addEventListener("close", () => own.close());
    return new Response(null, { status: 101, webSocket: room });
  }
}
