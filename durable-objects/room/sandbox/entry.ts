/**
 * The engine template: the module the room's sandboxed isolate starts from. It is bundled with
 * esbuild into sandbox/generated-template.ts (`npm run gen:template`), and the room loads it next
 * to the revision's logic.js. Its one door is the channel the room asks it to open into the room
 * (src/engine/logic-channel.ts, durable-objects/room/channel-dock.ts): each request runs the same
 * code the SDK's solo mode runs (src/engine/logic-runner.ts).
 */
import { WorkerEntrypoint } from "cloudflare:workers";
import {
  answerChannelRequest,
  CHANNEL_TICKET_HEADER,
  CHANNEL_URL,
  GLOBAL_WRITES_KEY,
} from "../../../src/engine/logic-channel";
import type { GameDefinition } from "../../../src/engine/types";
import logic from "./logic.js";

const game: GameDefinition = logic && typeof logic === "object" ? logic : {};
/** Dev only: the globals guard loaded before logic.js (globals-guard.ts); absent in production. */
const globalWrites = (globalThis as Record<symbol, unknown>)[Symbol.for(GLOBAL_WRITES_KEY)] as
  | (() => string[])
  | undefined;

export default class EngineTemplate extends WorkerEntrypoint {
  /**
   * The room asks for a channel: the isolate connects to the room through `door` and answers every
   * text message on it. The socket outlives this call (waitUntil) until either side closes it.
   */
  async openChannel(door: Fetcher, ticket: string): Promise<void> {
    const response = await door.fetch(CHANNEL_URL, {
      headers: { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: ticket },
    });
    const own = response.webSocket;
    if (!own) throw new Error(`the room did not take the channel (${response.status})`);
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
    this.ctx.waitUntil(
      new Promise<void>((resolve) => {
        own.addEventListener("close", () => {
          own.close();
          resolve();
        });
        own.addEventListener("error", () => resolve());
      }),
    );
  }
}
