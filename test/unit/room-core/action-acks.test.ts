import { describe, expect, it } from "vitest";
import { parseClientFrame } from "../../../src/engine/parse-frame";
import { MAX_CLIENTS_REMEMBERED, noteApplied } from "../../../src/room-core/action-acks";
import { newRoomRecord, RoomCore } from "../../../src/room-core/room-core";
import type { ConnectionInfo } from "../../../src/room-core/types";
import counter from "../../fixtures/counter.logic.js";
import { makeRoom, only, ROSTER } from "./harness";

const add = (n: number, seq: number) => JSON.stringify({ type: "__action", action: "add", payload: { n }, seq });

function seat(connectionId: string, clientId?: string): ConnectionInfo {
  return {
    connectionId,
    playerId: "alice",
    nickname: "",
    monitor: false,
    connectedAt: 0,
    ...(clientId ? { clientId } : {}),
  };
}

describe("which of a client's actions the stored room holds", () => {
  it("a client reconnecting to the room rebuilt from its record learns the seq of its last applied action", async () => {
    const room = makeRoom(counter);
    await room.core.connect(seat("c1", "client-aaaa"), ROSTER);
    await room.core.receive("c1", parseClientFrame(add(1, 1)));
    await room.core.receive("c1", parseClientFrame(add(2, 2)));
    // A refused action changes nothing, its seq included.
    await room.core.receive(
      "c1",
      parseClientFrame(JSON.stringify({ type: "__action", action: "explode", payload: {}, seq: 3 })),
    );
    const stored = structuredClone(room.core.recordForStorage());

    const restarted = makeRoom(counter, stored);
    const back = await restarted.core.connect(seat("c2", "client-aaaa"), null);
    const [state] = only(back.toSender, "__state");
    expect(state?.state).toMatchObject({ count: 3 });
    expect(state?.you.lastSeq).toBe(2);
    // Another client of the same seat, and a client without an id, hold nothing.
    expect(
      only((await restarted.core.connect(seat("c3", "client-bbbb"), null)).toSender, "__state")[0]?.you.lastSeq,
    ).toBeNull();
    expect(only((await restarted.core.connect(seat("c4"), null)).toSender, "__state")[0]?.you.lastSeq).toBeNull();
  });

  it(`keeps the last ${MAX_CLIENTS_REMEMBERED} clients to act, forgetting the one longest unheard`, () => {
    const record = newRoomRecord("rev", "rev:1", 1);
    noteApplied(record, seat("c", "client-first"), 1);
    for (let i = 0; i < MAX_CLIENTS_REMEMBERED - 1; i++) noteApplied(record, seat("c", `client-${i}`), 1);
    noteApplied(record, seat("c", "client-first"), 2); // heard again: now the newest
    noteApplied(record, seat("c", "client-last"), 1);
    expect(Object.keys(record.lastSeqs ?? {})).toHaveLength(MAX_CLIENTS_REMEMBERED);
    expect(record.lastSeqs?.["client-first"]).toBe(2);
    expect(record.lastSeqs?.["client-0"]).toBeUndefined();
  });
});
