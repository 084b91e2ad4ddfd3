import { configFor } from "../../src/config";
import { inspectorActSchema } from "../../src/room-core/inspector-act-schema";
import { type InspectorRefusalCode, type InspectorResult, inspect } from "../../src/room-core/inspector-acts";
import type { RoomJournal } from "../../src/room-core/journal";
import type { RoomCore } from "../../src/room-core/room-core";
import type { RoomOutcome } from "../../src/room-core/types";
import { errorResponse } from "../../src/worker-kit/errors";
import { DevObserver } from "./dev-observer";

/** What an inspector's act needs of the room's host (room-host.ts): its core, a guarded run, the delivery. */
export interface InspectedHost {
  restoredCore(): RoomCore | null;
  guard(ws: null, operation: () => Promise<RoomOutcome>): Promise<RoomOutcome | null>;
  deliver(sender: null, outcome: RoomOutcome): void;
}

/** The status each refusal of an act answers with. */
const REFUSAL_STATUS: Record<InspectorRefusalCode, 400 | 404 | 409 | 422> = {
  not_started: 409,
  not_a_seat: 422,
  invalid_state: 422,
  no_deadline: 404,
  action_failed: 422,
  unknown_action: 422,
};

/**
 * The room's dev tools: its observer's event stream, its replay file (dev-observer.ts) and the
 * inspector's acts (src/room-core/inspector-acts.ts). The room's journal starts with the first
 * request and is kept while this instance lives. Outside dev there is nothing here: 404.
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

  /**
   * One act of the harness's inspector (a POST of its JSON, checked again here): run on the room's
   * turn like any input, its frames delivered to every connection. 200 with the room after it, or
   * the refusal as `{error, message}`.
   */
  async inspect(request: Request, host: InspectedHost): Promise<Response> {
    if (!this.inDev()) return notInDev();
    if (request.method !== "POST") return errorResponse(405, "method_not_allowed", "POST an inspector's act");
    const act = inspectorActSchema.safeParse(await request.json().catch(() => null));
    if (!act.success) return errorResponse(400, "invalid_act", act.error.issues[0]?.message ?? "invalid act");
    const core = host.restoredCore();
    if (!core) return errorResponse(404, "no_room", "This room has not run yet: open it in the harness first");
    let result: InspectorResult | null = null;
    const outcome = await host.guard(null, async () => {
      const done = await inspect(core, act.data);
      result = done.result;
      return done.outcome;
    });
    if (!outcome || !result) return errorResponse(502, "room_error", "The room could not run this act");
    host.deliver(null, outcome);
    const answered = result as InspectorResult;
    if (!answered.ok) return errorResponse(REFUSAL_STATUS[answered.code], answered.code, answered.error);
    return Response.json({ ok: true, room: core.view() }, { headers: { "cache-control": "no-store" } });
  }

  private inDev(): boolean {
    return configFor(this.env()).environment === "dev";
  }
}

function notInDev(): Response {
  return errorResponse(404, "not_found", "Room observers exist only in dev");
}
