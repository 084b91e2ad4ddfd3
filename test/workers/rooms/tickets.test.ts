import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../../platform";
import { mintSeatTicket, type SeatTicket } from "../../../src/room-access/seat-ticket";
import { publish, socketUrl, TestClient } from "./support";

/** The platform as stg and prd run it: a seat needs a ticket. */
const requiredEnv = { ...env, ROOM_TICKETS: "required" } as Env;
const ROSTER = [
  { id: "alice", role: "a" },
  { id: "bob", role: "b" },
];

async function open(revisionId: string, roomId: string, query: Record<string, string>, on: Env = requiredEnv) {
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    new Request(socketUrl(revisionId, roomId, query), { headers: { Upgrade: "websocket" } }),
    on,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

async function join(revisionId: string, roomId: string, query: Record<string, string>, on?: Env) {
  const res = await open(revisionId, roomId, query, on);
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade failed: ${res.status} ${await res.text()}`);
  res.webSocket.accept();
  return new TestClient(res.webSocket);
}

function ticket(fields: Partial<SeatTicket> & Pick<SeatTicket, "revisionId" | "roomId">, options = {}) {
  return mintSeatTicket(
    env.ROOM_TICKET_SECRET,
    { seatId: "alice", role: "player", players: ROSTER, ...fields },
    options,
  );
}

async function refusal(res: Response) {
  expect(res.status).toBe(401);
  expect(res.webSocket).toBeNull();
  return ((await res.json()) as { error: string }).error;
}

describe("seat tickets (ROOM_TICKETS=required)", () => {
  it("refuses a connection without a ticket with 401 ticket_required, before the upgrade", async () => {
    const revisionId = await publish("counter");
    const res = await open(revisionId, "r1", { seatId: "alice", players: JSON.stringify(ROSTER) });
    expect(await refusal(res)).toBe("ticket_required");
  });

  it("seats the ticket's seat with the ticket's roster, whatever the query declares", async () => {
    const revisionId = await publish("counter");
    const token = await ticket({ revisionId, roomId: "r1", seatId: "bob", nickname: "Bob" });
    const bob = await join(revisionId, "r1", { ticket: token, seatId: "alice", players: '["mallory"]' });
    const state = await bob.next("__state");
    expect(state.you).toMatchObject({ seatId: "bob", observer: false });
    expect(state.players).toEqual(ROSTER);
    expect((await bob.next("__game_start")).players).toEqual(ROSTER);
    expect(await bob.act("add", { n: 2 }, 1)).toMatchObject({ type: "__action_result", ack: 1 });
    bob.close();
  });

  it("refuses a ticket for another room, or another revision, with 401 ticket_wrong_room", async () => {
    const revisionId = await publish("counter");
    const otherRoom = await ticket({ revisionId, roomId: "r2" });
    expect(await refusal(await open(revisionId, "r1", { ticket: otherRoom }))).toBe("ticket_wrong_room");
    const otherRevision = await ticket({ revisionId: "rev-other", roomId: "r1" });
    expect(await refusal(await open(revisionId, "r1", { ticket: otherRevision }))).toBe("ticket_wrong_room");
  });

  it("refuses an expired ticket with 401 ticket_expired", async () => {
    const revisionId = await publish("counter");
    const token = await ticket({ revisionId, roomId: "r1" }, { ttlSeconds: 60, now: Date.now() - 10 * 60_000 });
    expect(await refusal(await open(revisionId, "r1", { ticket: token }))).toBe("ticket_expired");
  });

  it("refuses a forged ticket (another key, a changed seat, no signature, not a JWT) with 401 ticket_invalid", async () => {
    const revisionId = await publish("counter");
    const forged = await mintSeatTicket("another-key-that-is-long-enough-for-hs256", {
      revisionId,
      roomId: "r1",
      seatId: "alice",
      role: "player",
      players: ROSTER,
    });
    const genuine = await ticket({ revisionId, roomId: "r1", seatId: "bob" });
    const [header, payload, signature] = genuine.split(".") as [string, string, string];
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
    const changed = btoa(JSON.stringify({ ...claims, sub: "alice" }))
      .replaceAll("=", "")
      .replaceAll("+", "-")
      .replaceAll("/", "_");
    const unsigned = `${btoa(JSON.stringify({ alg: "none" })).replaceAll("=", "")}.${payload}.`;
    for (const token of [forged, `${header}.${changed}.${signature}`, unsigned, "not-a-ticket"]) {
      expect(await refusal(await open(revisionId, "r1", { ticket: token }))).toBe("ticket_invalid");
    }
  });

  it("seats monitors and observers by their ticket's role", async () => {
    const revisionId = await publish("counter");
    const alice = await join(revisionId, "r1", { ticket: await ticket({ revisionId, roomId: "r1" }) });
    await alice.next("__game_start");
    const screen = await join(revisionId, "r1", {
      ticket: await ticket({ revisionId, roomId: "r1", seatId: "screen-1", role: "monitor" }),
    });
    const watcher = await join(revisionId, "r1", {
      ticket: await ticket({ revisionId, roomId: "r1", seatId: "spectator-1", role: "observer" }),
    });
    expect((await watcher.next("__state")).you).toMatchObject({ seatId: "spectator-1", observer: true });
    expect(await watcher.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_error", code: "not_a_player" });
    // The observer counts in presence, the monitor does not; the monitor's pause request is ignored.
    const presence = await alice.next("__platform", (f) => f.message.payload.observers.count === 1, 0);
    expect(presence.message.payload.seats.find((s: { seatId: string }) => s.seatId === "alice").connections).toBe(1);
    const since = screen.frames.length;
    screen.send({ type: "__pause" });
    screen.send({ type: "__request_state" });
    expect((await screen.next("__state", () => true, since)).frozen).toBe(false);
    for (const client of [alice, screen, watcher]) client.close();
  });

  it("refuses to mint a player ticket for a seat that is not in the roster", async () => {
    await expect(ticket({ revisionId: "rev", roomId: "r1", seatId: "mallory" })).rejects.toThrow();
  });
});

describe("seat tickets in dev (ROOM_TICKETS=optional)", () => {
  it("takes the query's seat without a ticket, and still refuses a bad ticket", async () => {
    const revisionId = await publish("counter");
    const alice = await join(revisionId, "r1", { seatId: "alice", players: JSON.stringify(ROSTER) }, env);
    expect((await alice.next("__state")).you.seatId).toBe("alice");
    const res = await open(revisionId, "r1", { seatId: "bob", ticket: "not-a-ticket" }, env);
    expect(await refusal(res)).toBe("ticket_invalid");
    alice.close();
  });
});
