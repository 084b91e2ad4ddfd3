import { CLOSE_CODES } from "../../src/engine/protocol";
import type { RoomCore } from "../../src/room-core/room-core";
import { isSilent, latestHeartbeat } from "../../src/room-core/silent-drop";
import type { RoomAlarm } from "./room-alarm";
import type { RoomHost } from "./room-host";
import { readAttachment } from "./socket-attachment";

/**
 * The room's one alarm fired (room-alarm.ts sets it for the next deadline, the 60 s keep-alive,
 * a reserved batched write or the deadline of calls into the sandbox): the waiting write goes out,
 * a call into the sandbox past its deadline fails, silent sockets are dropped, due deadlines run.
 * A room with no record has nothing to do.
 */
export async function onAlarm(ctx: DurableObjectState, host: RoomHost, wake: RoomAlarm): Promise<void> {
  wake.fired();
  const core = host.restoredCore();
  if (!core) return;
  host.flush();
  host.channel.failOverdue();
  wake.rearm();
  // Not awaited: what follows waits its turn in the core's line, which a call into the sandbox may
  // hold (a deadline handler's among them). That call's deadline is a later alarm's to check, and
  // the runtime runs no alarm while this one waits: awaited, a call that never returns would hold
  // the room for good.
  void dueWork(ctx, host, core).catch((error: unknown) =>
    host.log("error", "the alarm's work failed", { error: error instanceof Error ? error.message : String(error) }),
  );
}

async function dueWork(ctx: DurableObjectState, host: RoomHost, core: RoomCore): Promise<void> {
  await dropSilent(ctx, host);
  host.deliver(null, await core.fireDeadlines());
}

/** Silent-drop check, at each alarm: the later of the runtime's heartbeat answer and the room's own. */
async function dropSilent(ctx: DurableObjectState, host: RoomHost) {
  const now = Date.now();
  for (const ws of host.openSockets()) {
    const info = readAttachment(ws);
    const autoReply = ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime();
    if (!isSilent(info.connectedAt, latestHeartbeat(autoReply, info.lastHeartbeat), now)) continue;
    host.log("info", "silent connection dropped", { playerId: info.playerId, connectionId: info.connectionId });
    await host.closeSocket(ws, { code: CLOSE_CODES.silent, reason: "no heartbeat for 60 s" });
  }
}
