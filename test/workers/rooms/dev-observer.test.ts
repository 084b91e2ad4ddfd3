import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import worker from "../../../platform";
import wranglerToml from "../../../wrangler.toml?raw";
import { deployedVarsOf } from "../../support/wrangler-vars";
import { connect, publish, ROOMS, ROSTER, roomStub } from "./support";

type Row = { index: number; entry: { kind: string; [key: string]: unknown }; view: { state: any; [key: string]: any } };

/** The observer's event stream, read event by event. */
class EventStream {
  private buffer = "";
  private readonly decoder = new TextDecoder();

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  async next(): Promise<{ event: string; data: any }> {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
        return { event, data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") };
      }
      const { value, done } = await this.reader.read();
      if (done) throw new Error("the event stream ended");
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** Rows until one matches. */
  async rowWhere(match: (row: Row) => boolean): Promise<Row> {
    for (;;) {
      const { event, data } = await this.next();
      if (event === "row" && match(data as Row)) return data as Row;
    }
  }

  close() {
    void this.reader.cancel();
  }
}

async function observe(revisionId: string, roomId: string): Promise<EventStream> {
  const res = await exports.default.fetch(`${ROOMS}/dev/rooms/${revisionId}/${roomId}/observe`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  return new EventStream((res.body as ReadableStream<Uint8Array>).getReader());
}

describe("the room observer (dev)", () => {
  it("streams the room's journal: joins, the start, an acked action, a refused one with its code", async () => {
    const revisionId = await publish("counter");
    const roomId = `room-${crypto.randomUUID()}`;
    const stream = await observe(revisionId, roomId);
    expect(await stream.next()).toEqual({ event: "hello", data: { rows: [], dropped: 0, room: null } });

    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await alice.next("__game_start");
    expect((await stream.rowWhere(() => true)).entry).toMatchObject({ kind: "join", seat: "alice" });
    expect((await stream.rowWhere(() => true)).entry).toMatchObject({ kind: "start" });

    await alice.act("add", { n: 5 }, 1);
    const added = await stream.rowWhere((row) => row.entry.kind === "action");
    expect(added.entry).toMatchObject({ seat: "alice", action: "add", seq: 1, result: { ok: true } });
    expect(added.view).toMatchObject({ revisionId, started: true, state: { count: 5 } });

    expect(await alice.act("explode", {}, 2)).toMatchObject({ type: "__action_error", code: "action_failed" });
    const refused = await stream.rowWhere((row) => row.entry.kind === "action");
    expect(refused.entry).toMatchObject({
      action: "explode",
      result: { ok: false, code: "action_failed", error: "boom" },
    });
    expect(refused.view.state).toMatchObject({ count: 5 });
    stream.close();

    // A second observer gets the log so far at once.
    const later = await observe(revisionId, roomId);
    const hello = await later.next();
    expect(hello.event).toBe("hello");
    expect(hello.data.rows.map((row: Row) => row.entry.kind)).toEqual(["join", "start", "action", "action"]);
    expect(hello.data.room).toMatchObject({
      state: { count: 5 },
      presence: {
        seats: [
          { seatId: "alice", online: true },
          { seatId: "bob", online: false },
        ],
      },
    });
    later.close();
    alice.close();
  });

  it("hands out the room's replay as a file to save: seed, roster, revision, each step with its outcome", async () => {
    const revisionId = await publish("counter");
    const roomId = `room-${crypto.randomUUID()}`;
    const replayUrl = `${ROOMS}/dev/rooms/${revisionId}/${roomId}/replay`;
    const unobserved = await exports.default.fetch(replayUrl);
    expect(unobserved.status).toBe(404);
    expect(await unobserved.json()).toMatchObject({ error: "not_observed" });

    const stream = await observe(revisionId, roomId);
    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await alice.next("__game_start");
    await alice.act("add", { n: 2 }, 1);
    expect(await alice.act("explode", {}, 2)).toMatchObject({ code: "action_failed" });
    await stream.rowWhere((row) => row.entry.kind === "action" && row.entry.action === "explode");
    const res = await exports.default.fetch(replayUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="replay-${revisionId}-${roomId}.json"`);
    const frame = (message: unknown) => ({ input: { kind: "frame", message } });
    expect(await res.json()).toMatchObject({
      format: "scenario-replay",
      version: 1,
      revisionId,
      codeId: expect.stringContaining(`${revisionId}:`),
      seed: expect.any(Number),
      roster: JSON.parse(ROSTER),
      truncated: false,
      steps: [
        { at: 0, input: { kind: "connect", connection: { playerId: "alice" } }, state: { count: 0 } },
        {
          ...frame({ type: "__action", action: "add", payload: { n: 2 }, seq: 1 }),
          result: { ok: true },
          state: { count: 2 },
        },
        {
          ...frame({ type: "__action", action: "explode", payload: {}, seq: 2 }),
          result: { ok: false, code: "action_failed" },
        },
      ],
    });
    stream.close();
    alice.close();
  });

  it("a room observed only after it started has no replay: 409", async () => {
    const revisionId = await publish("counter");
    const roomId = `room-${crypto.randomUUID()}`;
    const alice = await connect(revisionId, roomId, { seatId: "alice", players: ROSTER });
    await alice.next("__game_start");
    const stream = await observe(revisionId, roomId);
    const hello = await stream.next();
    expect(hello.data).toMatchObject({ rows: [], room: { started: true, state: { count: 0 } } });
    await alice.act("add", { n: 1 }, 1);
    await stream.rowWhere((row) => row.entry.kind === "action");
    const res = await exports.default.fetch(`${ROOMS}/dev/rooms/${revisionId}/${roomId}/replay`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "replay_incomplete" });
    stream.close();
    alice.close();
  });

  it("refuses a bad room id with 400", async () => {
    const res = await exports.default.fetch(`${ROOMS}/dev/rooms/${"x".repeat(300)}/r/observe`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_room" });
  });
});

describe.each(["env.stg.vars", "env.prd.vars"])("with wrangler.toml [%s]", (table) => {
  const vars = deployedVarsOf(wranglerToml, table);
  const deployed = { ...env, ...vars } as unknown as Env;
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

  it.each(["observe", "replay", "stats"])("exposes no room %s: 404", async (tool) => {
    const res = await worker.fetch(new Request(`${vars.ROOMS_URL}/dev/rooms/rev-1/room-1/${tool}`), deployed, ctx);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toMatchObject({ error: "not_found" });
  });

  it("and the room object itself keeps no journal and answers its observer 404", async () => {
    const revisionId = await publish("counter");
    const stub = roomStub(revisionId, `room-${crypto.randomUUID()}`);
    await runInDurableObject(stub, async (room: Room) => {
      (room as unknown as { env: Env }).env = deployed;
      for (const tool of ["observe", "replay"]) {
        const res = await room.fetch(new Request(`https://room.internal/dev/${tool}`));
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ error: "not_found" });
      }
    });
  });
});
