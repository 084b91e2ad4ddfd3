import { WorkerEntrypoint } from "cloudflare:workers";
import { CHANNEL_TICKET_HEADER, CHANNEL_URL } from "../../src/engine/logic-channel";
import { errorResponse } from "../../src/worker-kit/errors";

export interface SandboxDoorProps {
  /** The room's Durable Object id (hex). */
  room: string;
}

/**
 * The one way a room's sandboxed isolate reaches its room: the room hands it this door (bound to
 * its own id) when it asks for a channel, and the isolate connects through it. Only a channel's
 * upgrade passes, rebuilt from its ticket alone: scenario code cannot reach the room's other doors
 * (a seat's connect, the dev tools) or another room.
 */
export class SandboxDoor extends WorkerEntrypoint<Env, SandboxDoorProps> {
  override fetch(request: Request): Promise<Response> | Response {
    const ticket = request.headers.get(CHANNEL_TICKET_HEADER);
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket" || !ticket || ticket.length > 64) {
      return errorResponse(400, "bad_request", "The sandbox door takes a channel's upgrade only");
    }
    const namespace = this.env.ROOM;
    const room = namespace.get(namespace.idFromString(this.ctx.props.room));
    return room.fetch(CHANNEL_URL, { headers: { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: ticket } });
  }
}
