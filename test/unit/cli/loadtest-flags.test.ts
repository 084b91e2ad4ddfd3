import { describe, expect, it } from "vitest";
import {
  checkLoadBounds,
  DEFAULT_LOADTEST_ROOMS_PORT,
  isLoopback,
  LOADTEST_LIMITS,
  parseLoadtestFlags,
} from "../../../tools/cli/loadtest-flags.ts";

const refusal = (argv: string[]) => {
  const flags = parseLoadtestFlags(argv);
  if (flags.ok) throw new Error(`accepted ${argv.join(" ")}`);
  return flags.message;
};

describe("scenario loadtest flags", () => {
  it("reads the plan and the folder, with defaults for what is not given", () => {
    expect(
      parseLoadtestFlags(["examples/tic-tac-toe", "--rooms", "3", "--seats", "2", "--rate", "0.5", "--duration", "4"]),
    ).toEqual({
      ok: true,
      options: {
        dir: "examples/tic-tac-toe",
        rooms: 3,
        seats: 2,
        ratePerSeat: 0.5,
        durationSeconds: 4,
        seed: 1,
        target: { kind: "local", roomsPort: DEFAULT_LOADTEST_ROOMS_PORT },
      },
    });
    expect(parseLoadtestFlags([])).toMatchObject({
      ok: true,
      options: { dir: ".", rooms: 10, seats: undefined, ratePerSeat: 2, durationSeconds: 10 },
    });
    expect(parseLoadtestFlags(["--help"])).toEqual({ ok: false, help: true, message: "" });
  });

  it("reads --replay, the file whose recorded actions the bots play back; none by default", () => {
    expect(parseLoadtestFlags(["examples/tic-tac-toe", "--replay", "game.json"])).toMatchObject({
      ok: true,
      options: { dir: "examples/tic-tac-toe", replayFile: "game.json" },
    });
    expect(parseLoadtestFlags([])).toMatchObject({ ok: true, options: { replayFile: undefined } });
  });

  it.each([
    [["--rooms", "0"], "--rooms must be at least 1"],
    [["--rooms", `${LOADTEST_LIMITS.rooms + 1}`], `--rooms must be at most ${LOADTEST_LIMITS.rooms}`],
    [["--rooms", "2.5"], "--rooms must be a whole number"],
    [["--rooms", "many"], "--rooms must be a number"],
    [["--seats", "65"], "--seats must be at most 64"],
    [["--rate", "0"], "--rate must be at least 0.1 a second"],
    [["--rate", "21"], "--rate must be at most 20 a second per seat"],
    [["--duration", "0.5"], "--duration must be at least 1 second"],
    [["--duration", "301"], "--duration must be at most 300 seconds"],
    [["--rooms-port", "70000"], "--rooms-port must be at most 65535"],
    [["--rooms", "200", "--seats", "6"], "200 rooms x 6 seats is 1200 seats: at most 1000 in all"],
    [["--rooms", "100", "--seats", "10", "--rate", "6"], "more than 5000 moves a second in all"],
    [["a", "b"], "one scenario folder at most, got a b"],
    [["--revision", "rev-1"], "--revision goes with --rooms-url"],
    [["--replay", ""], "--replay needs a replay file (saved from the harness)"],
  ])("refuses %j: %s", (argv, message) => {
    expect(refusal(argv)).toContain(message);
  });

  it("refuses an unknown flag with the parser's message", () => {
    expect(refusal(["--roms", "3"])).toContain("--roms");
  });

  it("targets rooms on this machine only, and then needs the revision they run", () => {
    expect(parseLoadtestFlags(["--rooms-url", "http://localhost:8787/rooms/", "--revision", "rev-1"])).toMatchObject({
      ok: true,
      options: { target: { kind: "url", roomsUrl: "http://localhost:8787/rooms", revisionId: "rev-1" } },
    });
    expect(refusal(["--rooms-url", "https://rooms.example.com/rooms", "--revision", "rev-1"])).toContain(
      "--rooms-url must be on this machine",
    );
    expect(refusal(["--rooms-url", "http://10.0.0.7:8787/rooms", "--revision", "rev-1"])).toContain("got 10.0.0.7");
    expect(refusal(["--rooms-url", "ftp://127.0.0.1/rooms", "--revision", "rev-1"])).toContain("http(s) or ws(s)");
    expect(refusal(["--rooms-url", "not a url", "--revision", "rev-1"])).toContain("must be a URL");
    expect(refusal(["--rooms-url", "http://127.0.0.1:8787/rooms"])).toContain("--rooms-url needs --revision");
    expect(refusal(["--rooms-url", "http://127.0.0.1:8787/rooms", "--revision", "../x"])).toContain("no revision id");
    expect(
      refusal(["--rooms-url", "http://127.0.0.1:8787/rooms", "--revision", "r", "--rooms-port", "9000"]),
    ).toContain("exclude each other");
  });

  it("knows the loopback hosts", () => {
    for (const host of ["localhost", "127.0.0.1", "127.8.9.10", "[::1]", "::1", "app.localhost"]) {
      expect(isLoopback(host), host).toBe(true);
    }
    for (const host of [
      "0.0.0.0",
      "192.168.1.2",
      "128.0.0.1",
      "127.0.0.1.example.com",
      "localhost.example.com",
      "[::2]",
    ]) {
      expect(isLoopback(host), host).toBe(false);
    }
  });

  it("checks the totals again once the seat count comes from the manifest", () => {
    expect(checkLoadBounds(100, 4, 5)).toBeNull();
    expect(checkLoadBounds(200, 6, 1)).toContain("at most 1000");
    expect(checkLoadBounds(250, 4, 6)).toContain("5000 moves a second");
  });
});
