import { describe, expect, it } from "vitest";
import { startGame } from "../../../browser/sdk";
import { ModeError, selectMode, socketUrl } from "../../../browser/sdk/mode";
import counter from "../../fixtures/counter.logic.js";

const params = (query: Record<string, string>) => new URLSearchParams(query);

describe("SDK mode selection (document 3 table)", () => {
  it("roomId absent, server absent: solo", () => {
    expect(selectMode(params({}))).toMatchObject({ kind: "solo" });
  });

  it("roomId absent, server present: still solo", () => {
    expect(selectMode(params({ server: "http://127.0.0.1:8810/rooms", seatId: "p1" }))).toEqual({
      kind: "solo",
      seatId: "p1",
      players: [{ id: "p1" }],
    });
  });

  it("roomId and server present: online, with every iframe parameter read", () => {
    const mode = selectMode(
      params({
        server: "http://127.0.0.1:8810/rooms/",
        roomId: "room-1",
        revisionId: "dev-1",
        seatId: "p2",
        players: JSON.stringify(["p1", { id: "p2", role: "b" }]),
        seatKind: "spectator",
        monitor: "1",
        ticket: "t.k.n",
      }),
    );
    expect(mode).toEqual({
      kind: "online",
      server: "http://127.0.0.1:8810/rooms",
      roomId: "room-1",
      revisionId: "dev-1",
      seatId: "p2",
      nickname: "",
      players: [{ id: "p1" }, { id: "p2", role: "b" }],
      monitor: true,
      seatKind: "spectator",
      ticket: "t.k.n",
    });
    expect(mode.kind === "online" && socketUrl(mode)).toBe(
      `ws://127.0.0.1:8810/rooms/ws/games/dev-1/room-1?seatId=p2&monitor=1&players=${encodeURIComponent(
        JSON.stringify([{ id: "p1" }, { id: "p2", role: "b" }]),
      )}&ticket=t.k.n`,
    );
  });

  it("roomId present, server absent: a thrown error naming both", () => {
    expect(() => selectMode(params({ roomId: "room-1" }))).toThrowError(ModeError);
    expect(() => selectMode(params({ roomId: "room-1" }))).toThrowError(/roomId is set but server is missing/);
    expect(() => startGame({ game: counter, params: "roomId=room-1&seatId=p1" })).toThrowError(
      /roomId is set but server is missing/,
    );
  });

  it("names a missing revisionId or seatId in online mode, and a malformed players list", () => {
    expect(() => selectMode(params({ roomId: "r", server: "http://x/rooms", seatId: "p1" }))).toThrowError(
      /revisionId is missing/,
    );
    expect(() => selectMode(params({ roomId: "r", server: "http://x/rooms", revisionId: "v" }))).toThrowError(
      /seatId is missing/,
    );
    expect(() => selectMode(params({ players: "{not json" }))).toThrowError(/players must be a JSON list/);
  });

  it("https servers get wss sockets", () => {
    const mode = selectMode(params({ roomId: "r", server: "https://rooms.example.com", revisionId: "v", seatId: "a" }));
    expect(mode.kind === "online" && socketUrl(mode)).toBe("wss://rooms.example.com/ws/games/v/r?seatId=a");
  });

  it("solo mode needs the game object", () => {
    expect(() => startGame({ params: "" })).toThrowError(/needs the game object/);
  });
});
