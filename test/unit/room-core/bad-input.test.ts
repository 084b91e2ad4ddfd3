import { describe, expect, it } from "vitest";
import { parseClientFrame } from "../../../src/engine/parse-frame";
import { CLOSE_CODES, MAX_FRAME_BYTES } from "../../../src/engine/protocol";
import { MAX_PENDING_PER_CONNECTION } from "../../../src/room-core/room-core";
import counter from "../../fixtures/counter.logic.js";
import { only, startedRoom } from "./harness";

describe("bad input never breaks a room", () => {
  it("answers a non-JSON frame with __action_error invalid_json", async () => {
    const { core, alice, logs } = await startedRoom(counter);
    const outcome = await core.receive(alice.connectionId, parseClientFrame("{not json"));
    expect(only(outcome.toSender, "__action_error")).toEqual([
      { type: "__action_error", code: "invalid_json", error: "Frame is not valid JSON", seq: null },
    ]);
    expect(logs.some((l) => l.level === "warn" && l.fields?.code === "invalid_json")).toBe(true);
  });

  it("ignores an unknown message type (newer clients), with a log line", async () => {
    const { send, alice, logs } = await startedRoom(counter);
    const outcome = await send(alice, { type: "__teleport" });
    expect([...outcome.toSender, ...outcome.broadcast]).toEqual([]);
    expect(logs.some((l) => l.fields?.code === "unknown_type")).toBe(true);
  });

  it("answers wrong field types with invalid_message and the seq when there is one", async () => {
    const { send, alice, core } = await startedRoom(counter);
    const outcome = await send(alice, { type: "__action", action: 42, payload: {}, seq: 5 });
    expect(only(outcome.toSender, "__action_error")[0]).toMatchObject({ code: "invalid_message", seq: 5 });
    const noSeq = await send(alice, { type: "__action", action: "add", payload: "x" });
    expect(only(noSeq.toSender, "__action_error")[0]).toMatchObject({ code: "invalid_message", seq: null });
    expect(core.record.state).toMatchObject({ count: 0 });
  });

  it("refuses an oversized frame before parsing it, and closes its connection", async () => {
    const { core, alice } = await startedRoom(counter);
    const big = JSON.stringify({
      type: "__action",
      action: "add",
      payload: { pad: "x".repeat(MAX_FRAME_BYTES) },
      seq: 1,
    });
    const outcome = await core.receive(alice.connectionId, parseClientFrame(big));
    expect(only(outcome.toSender, "__action_error")[0]).toMatchObject({ code: "frame_too_large" });
    expect(outcome.closeSender).toMatchObject({ code: CLOSE_CODES.frameTooLarge });
  });

  it("refuses binary frames", async () => {
    const { core, alice } = await startedRoom(counter);
    const outcome = await core.receive(alice.connectionId, parseClientFrame(new ArrayBuffer(8)));
    expect(only(outcome.toSender, "__action_error")[0]).toMatchObject({ code: "invalid_message" });
  });

  it("refuses frames beyond the per-connection queue limit at once; the others still run", async () => {
    const { send, alice, core, connect } = await startedRoom(counter);
    const bob = connect("bob");
    await bob.outcome;
    const flood = Array.from({ length: MAX_PENDING_PER_CONNECTION + 8 }, (_, i) =>
      send(alice, { type: "__action", action: "add", payload: { n: 1 }, seq: i + 1 }),
    );
    const bobAction = send(bob.info, { type: "__action", action: "add", payload: { n: 100 }, seq: 1 });
    const outcomes = await Promise.all(flood);
    const refused = outcomes.flatMap((o) => only(o.toSender, "__action_error"));
    expect(refused).toHaveLength(8);
    expect(refused[0]).toMatchObject({ code: "too_many_pending" });
    expect(only((await bobAction).toSender, "__action_result")).toHaveLength(1);
    expect(core.record.state).toMatchObject({ count: MAX_PENDING_PER_CONNECTION + 100 });
    const later = await send(alice, { type: "__action", action: "add", payload: { n: 1 }, seq: 99 });
    expect(only(later.toSender, "__action_result")).toHaveLength(1);
  });

  it("writes one log line for a flood of refused frames, and the count held back in the next one", async () => {
    const { core, alice, clock, logs } = await startedRoom(counter);
    const refusedLines = () => logs.filter((l) => l.message === "client frame refused");
    for (let i = 0; i < 50; i++) await core.receive(alice.connectionId, parseClientFrame("{not json"));
    expect(refusedLines()).toHaveLength(1);
    clock.now += 10_000;
    await core.receive(alice.connectionId, parseClientFrame("{not json"));
    expect(refusedLines().map((l) => l.fields?.heldBack)).toEqual([undefined, 49]);
  });

  it("answers __request_state with the full state", async () => {
    const { send, alice } = await startedRoom(counter);
    await send(alice, { type: "__action", action: "add", payload: { n: 4 }, seq: 1 });
    const outcome = await send(alice, { type: "__request_state" });
    expect(only(outcome.toSender, "__state")[0]).toMatchObject({ state: { count: 4 }, started: true });
  });
});
