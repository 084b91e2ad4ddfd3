import { describe, expect, it } from "vitest";
import { gameTimeAt, realTimeOf, startClock, stopClock, stoppedClock } from "../../../src/engine/game-clock";
import { parseClientFrame } from "../../../src/engine/parse-frame";
import { PING_FRAME } from "../../../src/engine/protocol";
import { SeededRandom } from "../../../src/engine/random";
import { parseRoster, RosterError } from "../../../src/engine/roster";
import { sameRoster } from "../../../src/engine/same-roster";
import { stateToJson } from "../../../src/engine/state";

describe("game clock", () => {
  it("runs only while started and keeps its reading while stopped", () => {
    let clock = startClock(stoppedClock(), 1_000);
    expect(gameTimeAt(clock, 1_500)).toBe(500);
    clock = stopClock(clock, 2_000);
    expect(gameTimeAt(clock, 9_000)).toBe(1_000);
    clock = startClock(clock, 10_000);
    expect(gameTimeAt(clock, 10_250)).toBe(1_250);
  });

  it("maps a game time to the real time it will be reached, or null while stopped", () => {
    const clock = startClock(stoppedClock(100), 5_000);
    expect(realTimeOf(clock, 600, 5_000)).toBe(5_500);
    expect(realTimeOf(clock, 50, 5_000)).toBe(5_000);
    expect(realTimeOf(stopClock(clock, 5_000), 600, 5_000)).toBeNull();
  });
});

describe("seeded random", () => {
  it("draws the same sequence from the same seed, and resumes from a saved state", () => {
    const a = new SeededRandom(7);
    const first = [a.next(), a.next()];
    const saved = a.state;
    const third = a.next();
    expect([new SeededRandom(7).next(), new SeededRandom(7).next()][0]).toBe(first[0]);
    expect(new SeededRandom(saved).next()).toBe(third);
  });

  it("gives integers in range and permutations", () => {
    const random = new SeededRandom(1).asRandom();
    const ints = Array.from({ length: 500 }, () => random.int(6));
    expect(Math.min(...ints)).toBe(0);
    expect(Math.max(...ints)).toBe(5);
    expect(random.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
    expect(() => random.int(0)).toThrow(RangeError);
  });
});

describe("roster parsing", () => {
  it("accepts seat ids and seat objects", () => {
    expect(parseRoster('["a","b"]')).toEqual([{ id: "a" }, { id: "b" }]);
    expect(parseRoster('[{"id":"a","role":"host"},{"seatId":"b"}]')).toEqual([{ id: "a", role: "host" }, { id: "b" }]);
  });

  it.each([
    ["not json", "players must be a JSON list"],
    ['{"a":1}', "players"],
    ['["a","a"]', "unique"],
    ['[""]', "players"],
    ['[{"role":"x"}]', "a seat needs an id"],
    [JSON.stringify(Array.from({ length: 65 }, (_, i) => `s${i}`)), "players"],
  ])("refuses %s", (json, reason) => {
    expect(() => parseRoster(json)).toThrow(RosterError);
    expect(() => parseRoster(json)).toThrow(reason);
  });

  it("compares rosters by seats, roles and order", () => {
    expect(sameRoster([{ id: "a" }], [{ id: "a" }])).toBe(true);
    expect(sameRoster([{ id: "a" }], [{ id: "a", role: "x" }])).toBe(false);
    expect(sameRoster([{ id: "a" }, { id: "b" }], [{ id: "b" }, { id: "a" }])).toBe(false);
  });
});

describe("client frames", () => {
  it("parses every client message type", () => {
    for (const frame of [
      '{"type":"__action","action":"a","payload":{},"seq":1}',
      '{"type":"__input","data":{"x":1}}',
      '{"type":"__platform","message":{"type":"pause.request"}}',
      '{"type":"__pause"}',
      '{"type":"__resume"}',
      '{"type":"__request_state"}',
      PING_FRAME,
    ]) {
      expect(parseClientFrame(frame).ok).toBe(true);
    }
  });

  it("defaults a missing action payload to {}", () => {
    const parsed = parseClientFrame('{"type":"__action","action":"a","seq":2}');
    expect(parsed).toMatchObject({ ok: true, message: { payload: {} } });
  });
});

describe("state serialization", () => {
  it("refuses values JSON would silently change", () => {
    expect(() => stateToJson({ f: () => 1 })).toThrow("function");
    expect(() => stateToJson({ n: Number.NaN })).toThrow("non-finite");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stateToJson(cyclic)).toThrow("not JSON");
    expect(stateToJson({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
  });
});
