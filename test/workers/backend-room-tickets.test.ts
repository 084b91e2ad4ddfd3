import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifySeatTicket } from "../../src/room-tickets/seat-ticket";
import { idTokenClaims, signIdToken } from "./helpers/dev-idp";

const API = "http://localhost:8787/backend";
const players = [
  { id: "user-1", role: "a" },
  { id: "user-2", role: "b" },
];

function askTicket(body: unknown, idToken?: string) {
  return exports.default.fetch(`${API}/rooms/tickets`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe("POST /backend/rooms/tickets", () => {
  it("issues a signed-in user a ticket for their own seat, with the roster and a socket URL", async () => {
    const res = await askTicket(
      { revisionId: "rev-1", roomId: "r1", players },
      await signIdToken(idTokenClaims("user-2")),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { ticket: string; expiresIn: number; socketUrl: string };
    expect(body.expiresIn).toBe(600);
    expect(body.socketUrl).toBe(`ws://localhost:8787/rooms/ws/games/rev-1/r1?ticket=${body.ticket}`);
    const seat = await verifySeatTicket(env.ROOM_TICKET_SECRET, body.ticket, { revisionId: "rev-1", roomId: "r1" });
    expect(seat).toEqual({ revisionId: "rev-1", roomId: "r1", seatId: "user-2", role: "player", players });
  });

  it("issues an observer ticket to a user who is not in the roster, and refuses them a player's", async () => {
    const idToken = await signIdToken(idTokenClaims("user-9"));
    const player = await askTicket({ revisionId: "rev-1", roomId: "r1", players }, idToken);
    expect(player.status).toBe(403);
    expect(await player.json()).toMatchObject({ error: "not_in_roster" });
    const observer = await askTicket({ revisionId: "rev-1", roomId: "r1", players, role: "observer" }, idToken);
    const { ticket } = (await observer.json()) as { ticket: string };
    expect(await verifySeatTicket(env.ROOM_TICKET_SECRET, ticket, { revisionId: "rev-1", roomId: "r1" })).toMatchObject(
      {
        seatId: "user-9",
        role: "observer",
      },
    );
  });

  it("answers 401 without a bearer ID token, and for a token the provider did not sign", async () => {
    const none = await askTicket({ revisionId: "rev-1", roomId: "r1", players });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: "unauthenticated" });
    const key = (await crypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as CryptoKeyPair;
    const forged = await signIdToken(idTokenClaims("user-1"), { key: key.privateKey });
    const refused = await askTicket({ revisionId: "rev-1", roomId: "r1", players }, forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: "invalid_id_token" });
  });

  it("answers 401 publish_token_not_allowed to a publish-token ID token: it is no user here", async () => {
    const idToken = await signIdToken({ ...idTokenClaims("user-1"), publish_token: true });
    const res = await askTicket({ revisionId: "rev-1", roomId: "r1", players }, idToken);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "publish_token_not_allowed" });
  });

  it("answers 400 for a malformed room id or roster", async () => {
    const idToken = await signIdToken(idTokenClaims("user-1"));
    const badRoom = await askTicket({ revisionId: "../x", roomId: "r1", players }, idToken);
    expect(badRoom.status).toBe(400);
    const twice = await askTicket({ revisionId: "rev-1", roomId: "r1", players: [...players, players[0]] }, idToken);
    expect(await twice.json()).toMatchObject({ error: "invalid_request" });
  });
});
