import { afterEach, describe, expect, it } from "vitest";
import { GLOBAL_WRITES_KEY } from "../../../src/engine/logic-channel";
import "../../../durable-objects/room/sandbox/globals-guard";

/** What the engine template asks after each call: the globals changed since the logic loaded, each named once. */
const globalWrites = (globalThis as Record<symbol, unknown>)[Symbol.for(GLOBAL_WRITES_KEY)] as () => string[];
const scratch = globalThis as Record<string, unknown>;
const originalMax = Math.max;
const originalHypot = Math.hypot;

afterEach(() => {
  Object.defineProperty(Math, "max", { value: originalMax, configurable: true, writable: true });
  Object.defineProperty(Math, "hypot", { value: originalHypot, configurable: true, writable: true });
});

describe("the sandbox's globals guard (dev)", () => {
  it("names nothing while no watched global changes, however often it is asked", () => {
    for (let i = 0; i < 3; i++) expect(globalWrites()).toEqual([]);
  });

  it("names an added global once, and again nothing after", () => {
    scratch.guardTestLeak = 1;
    expect(globalWrites()).toEqual(["guardTestLeak"]);
    scratch.guardTestLeak = 2;
    expect(globalWrites()).toEqual([]);
    delete scratch.guardTestLeak;
  });

  it("names a replaced built-in, and a write undone before the next call is none", () => {
    Math.max = () => 0;
    expect(globalWrites()).toEqual(["Math.max"]);
    const before = JSON.parse;
    JSON.parse = () => null;
    JSON.parse = before;
    expect(globalWrites()).toEqual([]);
  });

  it("names a built-in redefined as an accessor whose getter throws, and still answers", () => {
    Object.defineProperty(Math, "hypot", {
      configurable: true,
      get: () => {
        throw new Error("a scenario's getter");
      },
    });
    expect(globalWrites()).toEqual(["Math.hypot"]);
    expect(globalWrites()).toEqual([]);
  });
});
