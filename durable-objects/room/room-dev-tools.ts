import { configFor } from "../../src/config";
import type { RoomJournal } from "../../src/room-core/journal";
import type { RoomCore } from "../../src/room-core/room-core";
import { errorResponse } from "../../src/worker-kit/errors";
import { DevObserver } from "./dev-observer";

/**
 * The room's dev tools: its observer's event stream and its replay file (dev-observer.ts). The
 * room's journal starts with the first request and is kept while this instance lives. Outside dev
 * there is nothing here: 404.
 */
export class RoomDevTools {
  private readonly env: () => Env;
  /** Dev only, from the first time a dev tool asked (observe()). */
  private observer: DevObserver | null = null;

  constructor(env: () => Env) {
    this.env = env;
  }

  /** The journal a core made now must be told (none until a dev tool asked). */
  get journal(): RoomJournal | null {
    return this.observer?.journal ?? null;
  }

  /**
   * Subscribes to the room's events. `room.restored()`: its core, rebuilt from storage if it
   * hibernated; `room.current()`: the core in memory, if any.
   */
  observe(room: { restored(): RoomCore | null; current(): RoomCore | null }): Response {
    if (!this.inDev()) return notInDev();
    let observer = this.observer;
    if (!observer) {
      observer = new DevObserver();
      this.observer = observer;
      // A room that already ran something before it was observed: its opening is unknown.
      const existing = room.restored();
      if (existing) {
        existing.setJournal(observer.journal);
        observer.joinedLate();
      }
    }
    return observer.subscribe(room.current()?.view() ?? null);
  }

  /** The room's replay (src/room-core/replay.ts) as a file to save, once observed. */
  replay(roomId: string): Response {
    if (!this.inDev()) return notInDev();
    const observer = this.observer;
    if (!observer)
      return errorResponse(404, "not_observed", "This room has not been observed: open its observer first");
    if (!observer.replayable) {
      const message = "The room ran before its observer opened: its replay would not start at the beginning";
      return errorResponse(409, "replay_incomplete", message);
    }
    const replay = observer.replay();
    if (!replay) return errorResponse(404, "no_replay", "The room has run nothing yet");
    const file = `replay-${replay.revisionId}-${roomId}.json`.replace(/[^A-Za-z0-9._-]/g, "_");
    return new Response(JSON.stringify(replay), {
      headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${file}"` },
    });
  }

  private inDev(): boolean {
    return configFor(this.env()).environment === "dev";
  }
}

function notInDev(): Response {
  return errorResponse(404, "not_found", "Room observers exist only in dev");
}
