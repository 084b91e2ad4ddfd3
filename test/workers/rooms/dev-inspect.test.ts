import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Room } from "../../../durable-objects/room/room";
import { MAX_STATE_BYTES } from "../../../src/room-core/logic-calls";
import { MAX_INSPECT_BODY_BYTES } from "../../../workers/rooms/routes/dev-rooms";
import { hostedBindings, hostedFetch } from "../hosted-build";
import { publish, ROOMS, roomStub, twoPlayers } from "./support";

const inspectUrl = (revisionId: string, roomId: string) => `${ROOMS}/dev/rooms/${revisionId}/${roomId}/inspect`;

/** POSTs one act to the room's inspect route as the harness does. */
function inspect(revisionId: string, roomId: string, act: unknown, init: RequestInit = {}) {
  return exports.default.fetch(inspectUrl(revisionId, roomId), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(act),
    ...init,
  });
}

/** Opens the room's observer (its journal starts now); rowWhere reads its rows until one matches. */
async function observe(revisionId: string, roomId: string) {
  const res = await exports.default.fetch(`${ROOMS}/dev/rooms/${revisionId}/${roomId}/observe`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    async rowWhere(match: (entry: { kind: string }) => boolean) {
      for (;;) {
        const blocks = text.split("\n\n");
        text = blocks.pop() ?? "";
        for (const block of blocks) {
          const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null");
          if (data?.entry && match(data.entry)) return data as { entry: Record<string, unknown> };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the event stream ended");
        text += decoder.decode(value, { stream: true });
      }
    },
    close: () => void reader.cancel(),
  };
}

describe("the inspector's acts (dev)", () => {
  it("an edit of the state reaches every seat, and the log keeps it as an operator edit", async () => {
    const { revisionId, roomId, alice, bob } = await twoPlayers();
    const observer = await observe(revisionId, roomId);
    const edited = { count: 41, seats: ["alice", "bob"], rolls: [], timeouts: [] };
    const heard = [alice, bob].map((client) => client.next("__action_result", (f) => f.edit === true));
    const res = await inspect(revisionId, roomId, { act: "edit_state", state: edited });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, room: { state: edited } });
    for (const frame of await Promise.all(heard)) expect(frame).toMatchObject({ state: edited, ack: null });
    // The game goes on from there.
    expect(await alice.act("add", { n: 1 }, 1)).toMatchObject({ state: { count: 42 } });
    const row = await observer.rowWhere((entry) => entry.kind === "edit");
    expect(row.entry).toMatchObject({ kind: "edit", operator: true });
    observer.close();
    alice.close();
    bob.close();
  });

  it("runs an action as a seat and fires a pending deadline now: every seat sees the result", async () => {
    const { revisionId, roomId, alice, bob } = await twoPlayers();
    const rolled = alice.next("__action_result", (f) => f.by === "bob");
    const res = await inspect(revisionId, roomId, { act: "run_action", seat: "bob", action: "roll", payload: {} });
    expect(res.status).toBe(200);
    expect(await rolled).toMatchObject({ ack: null, action: "roll", serverEvents: [{ name: "rolled" }] });

    await alice.act("arm", { ms: 3_600_000 }, 1);
    const fired = bob.next("__action_result", (f) => f.deadline === "timeout");
    const now = await inspect(revisionId, roomId, { act: "fire_deadline", name: "timeout" });
    expect(now.status).toBe(200);
    const body = (await now.json()) as { room: { deadlines: object; state: { timeouts: unknown[] } } };
    expect(body.room.deadlines).toEqual({});
    expect(body.room.state.timeouts).toEqual([{ at: expect.any(Number), data: { armedBy: "alice" } }]);
    expect(await fired).toMatchObject({ events: [{ name: "timeout", data: { armedBy: "alice" } }] });
    alice.close();
    bob.close();
  });

  it("answers a refusal with its code: a handler that threw, a state over the limit, no such deadline or seat", async () => {
    const { revisionId, roomId, alice, bob } = await twoPlayers();
    const refusals: [unknown, number, string, string][] = [
      [{ act: "run_action", seat: "alice", action: "explode", payload: {} }, 422, "action_failed", "boom"],
      [{ act: "run_action", seat: "mallory", action: "add", payload: { n: 1 } }, 422, "not_a_seat", "mallory"],
      [{ act: "fire_deadline", name: "timeout" }, 404, "no_deadline", "No deadline named timeout"],
      [
        { act: "edit_state", state: { blob: "x".repeat(MAX_STATE_BYTES) } },
        422,
        "invalid_state",
        `larger than ${MAX_STATE_BYTES} bytes`,
      ],
    ];
    for (const [act, status, error, message] of refusals) {
      const res = await inspect(revisionId, roomId, act);
      expect(res.status, error).toBe(status);
      expect(await res.json()).toMatchObject({ error, message: expect.stringContaining(message) });
    }
    expect((await alice.roundTrip()).state).toMatchObject({ count: 0 });
    alice.close();
    bob.close();
  });

  it("refuses what is no act before the room sees it: 400, 413, 415; a room that never ran: 404", async () => {
    const revisionId = await publish("counter");
    const roomId = `room-${crypto.randomUUID()}`;
    const bad = await inspect(revisionId, roomId, { act: "teleport" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "invalid_act" });
    const notJson = await inspect(revisionId, roomId, null, { body: "{" });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ error: "invalid_json" });
    const text = await inspect(revisionId, roomId, null, { headers: { "content-type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    const huge = await inspect(revisionId, roomId, { act: "edit_state", state: "x".repeat(MAX_INSPECT_BODY_BYTES) });
    expect(huge.status).toBe(413);
    const empty = await inspect(revisionId, roomId, { act: "fire_deadline", name: "timeout" });
    expect(empty.status).toBe(404);
    expect(await empty.json()).toMatchObject({ error: "no_room" });
  });
});

describe.each(["stg", "prd"] as const)("on the %s build", (environment) => {
  const bindings = hostedBindings(environment);
  const acts = [
    { act: "edit_state", state: { count: 1 } },
    { act: "run_action", seat: "alice", action: "add", payload: { n: 1 } },
    { act: "fire_deadline", name: "timeout" },
  ];

  it.each(acts.map((act) => [act.act, act] as const))(
    "%s: 404 as the observer's, whatever the body",
    async (_, act) => {
      const url = `${bindings.ROOMS_URL}/dev/rooms/rev-1/room-1/inspect`;
      for (const body of [JSON.stringify(act), "x".repeat(MAX_INSPECT_BODY_BYTES + 1)]) {
        const res = await hostedFetch(bindings, url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ error: "not_found" });
      }
      const observer = await hostedFetch(bindings, `${bindings.ROOMS_URL}/dev/rooms/rev-1/room-1/observe`);
      expect(observer.status).toBe(404);
    },
  );

  it("and the room object itself answers its inspect 404", async () => {
    const revisionId = await publish("counter");
    const stub = roomStub(revisionId, `room-${crypto.randomUUID()}`);
    await runInDurableObject(stub, async (room: Room) => {
      (room as unknown as { env: Env }).env = { ...env, ENVIRONMENT: environment } as Env;
      const res = await room.fetch(
        new Request("https://room.internal/dev/inspect", { method: "POST", body: JSON.stringify(acts[0]) }),
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    });
  });
});
