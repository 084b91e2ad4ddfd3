import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CHANNEL_TICKET_HEADER, CHANNEL_URL } from "../../../src/engine/logic-channel";
import { CONNECT_HEADER, type ConnectParams } from "../../../src/room-access/connect-params";
import { connect, openChannelCount, ROSTER, socketUrl, twoPlayers } from "./support";

type ErrorBody = { error: string; message: string };

/** What the room answers a request that is no channel it waits for and no connect request either. */
const ROOM_REFUSAL = { error: "bad_request", message: "Rooms accept WebSocket connections only" };
/** What the sandbox door answers anything but a channel's upgrade. */
const DOOR_REFUSAL = { error: "bad_request", message: "The sandbox door takes a channel's upgrade only" };

/** The sandbox door (durable-objects/room/sandbox-door.ts) of the room behind `stub`, as the room hands it to its isolate. */
function doorOf(stub: DurableObjectStub) {
  return exports.SandboxDoor({ props: { room: stub.id.toString() } });
}

async function refusal(response: Response): Promise<{ status: number } & ErrorBody> {
  expect(response.webSocket).toBeNull();
  return { status: response.status, ...(await response.json<ErrorBody>()) };
}

describe("where the sandbox's channel comes into the room", () => {
  it("accepts no channel for a ticket the room did not hand out: a forged one gets the room's normal 400", async () => {
    const { alice, stub } = await twoPlayers();
    const forged = await stub.fetch(CHANNEL_URL, {
      headers: { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: crypto.randomUUID() },
    });
    expect(await refusal(forged)).toEqual({ status: 400, ...ROOM_REFUSAL });
    expect(await openChannelCount(stub)).toBe(1);
    expect(await stub.stats()).toMatchObject({ connections: 2, sandboxChannels: 1 });
    expect(await alice.act("add", { n: 1 }, 1)).toMatchObject({ type: "__action_result", state: { count: 1 } });
  });

  it("takes a client's connect request that carries a ticket header as a connection like any other: the rooms app passes the room none of the client's headers", async () => {
    const { revisionId, roomId, stub } = await twoPlayers();
    const res = await exports.default.fetch(socketUrl(revisionId, roomId, { seatId: "carol" }), {
      headers: { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: crypto.randomUUID() },
    });
    expect(res.status).toBe(101);
    res.webSocket?.accept();
    expect(await stub.stats()).toMatchObject({ connections: 3, sandboxChannels: 1 });
    expect(await openChannelCount(stub)).toBe(1);
    res.webSocket?.close(1000, "bye");
  });
});

describe("the sandbox door", () => {
  it.each([
    ["a request that is no upgrade", { [CHANNEL_TICKET_HEADER]: "a-ticket" }],
    ["an upgrade without a ticket", { Upgrade: "websocket" }],
    ["an upgrade with a ticket over 64 characters", { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: "t".repeat(65) }],
  ])("refuses %s with 400, before the room hears of it", async (_, headers) => {
    const { stub } = await twoPlayers();
    expect(await refusal(await doorOf(stub).fetch(CHANNEL_URL, { headers }))).toEqual({ status: 400, ...DOOR_REFUSAL });
  });

  it("passes a channel's ticket alone: a seat's connect params through it reach no seat, and the room refuses", async () => {
    const { revisionId, roomId, stub } = await twoPlayers();
    const seat: ConnectParams = {
      revisionId,
      roomId,
      seatId: "mallory",
      nickname: "Mallory",
      monitor: false,
      players: JSON.parse(ROSTER),
    };
    const response = await doorOf(stub).fetch(CHANNEL_URL, {
      headers: { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: "a-ticket", [CONNECT_HEADER]: JSON.stringify(seat) },
    });
    expect(await refusal(response)).toEqual({ status: 400, ...ROOM_REFUSAL });
    expect(await stub.stats()).toMatchObject({ connections: 2 });
  });

  it("leads only to the channel's address: another path of the room (its dev tools) is not reached through it", async () => {
    const { revisionId, roomId, stub } = await twoPlayers();
    const observer = await stub.fetch("http://room/dev/observe");
    expect(observer.status).toBe(200);
    await observer.body?.cancel();
    const response = await doorOf(stub).fetch("http://room/dev/observe", {
      headers: { Upgrade: "websocket", [CHANNEL_TICKET_HEADER]: "a-ticket" },
    });
    expect(await refusal(response)).toEqual({ status: 400, ...ROOM_REFUSAL });
    // The room plays on for its seats.
    const carol = await connect(revisionId, roomId, { seatId: "carol", players: ROSTER });
    expect((await carol.next("__state")).you).toMatchObject({ seatId: "carol", observer: true });
  });
});
