import { describe, expect, it } from "vitest";
import { applyConditionChange } from "../../../../tools/cli/net/conditions-api.ts";
import { MAX_HELD_ATTEMPTS, SeatConditions } from "../../../../tools/cli/net/seat-conditions.ts";
import { FakeClock } from "./fake-clock.ts";

function conditionsOnFakeClock() {
  const clock = new FakeClock();
  let changes = 0;
  const conditions = new SeatConditions({ clock, seatIds: () => ["p1", "p2"], onChange: () => changes++ });
  return { clock, conditions, changes: () => changes };
}

const attempt = (proceed: () => void) => ({ proceed, abandon: () => {} });

describe("each seat's network conditions", () => {
  it("splits a seat's added latency over both ways and leaves the other seats alone", () => {
    const { conditions, changes } = conditionsOnFakeClock();
    applyConditionChange(conditions, "p2", { kind: "latency", ms: 300 });
    expect(conditions.oneWayDelay("p2")).toBe(150);
    expect(conditions.oneWayDelay("p1")).toBe(0);
    expect(changes()).toBe(1);
    expect(conditions.snapshot().seats.p2).toMatchObject({ latencyMs: 300, offlineMsLeft: 0 });
  });

  it("drop closes every socket of that seat only", () => {
    const { conditions } = conditionsOnFakeClock();
    const dropped: string[] = [];
    conditions.attach("p1", { drop: () => dropped.push("p1 a") });
    conditions.attach("p1", { drop: () => dropped.push("p1 b") });
    conditions.attach("p2", { drop: () => dropped.push("p2") });
    expect(conditions.snapshot().seats.p1?.connections).toBe(2);
    expect(applyConditionChange(conditions, "p1", { kind: "drop" }).status).toBe(200);
    expect(dropped).toEqual(["p1 a", "p1 b"]);
  });

  it("offline for N s drops the seat, holds its new sockets for N s, then lets them through by itself", () => {
    const { clock, conditions } = conditionsOnFakeClock();
    const dropped: string[] = [];
    const detach = conditions.attach("p2", { drop: () => dropped.push("p2") });
    const answer = applyConditionChange(conditions, "p2", { kind: "offline", seconds: 4 });
    expect(answer).toMatchObject({ status: 200, body: { seats: { p2: { offlineMsLeft: 4_000 } } } });
    expect(dropped).toEqual(["p2"]);
    detach();

    const opened: string[] = [];
    expect(
      conditions.admit(
        "p2",
        attempt(() => opened.push("retry")),
      ).go,
    ).toBe("held");
    expect(
      conditions.admit(
        "p1",
        attempt(() => opened.push("p1")),
      ).go,
    ).toBe("now");
    clock.advanceTo(2_500);
    expect(conditions.snapshot().seats.p2?.offlineMsLeft).toBe(1_500);
    expect(opened).toEqual([]);
    clock.advanceTo(4_000);
    expect(opened).toEqual(["retry"]);
    expect(conditions.snapshot().seats.p2?.offlineMsLeft).toBe(0);
    expect(
      conditions.admit(
        "p2",
        attempt(() => {}),
      ).go,
    ).toBe("now");
  });

  it("a held socket that closed meanwhile is not opened; a seat holds a bounded number", () => {
    const { clock, conditions } = conditionsOnFakeClock();
    conditions.goOffline("p1", 2);
    const opened: number[] = [];
    const first = conditions.admit(
      "p1",
      attempt(() => opened.push(0)),
    );
    if (first.go !== "held") throw new Error("expected the socket to be held");
    first.cancel();
    for (let i = 1; i <= MAX_HELD_ATTEMPTS; i++)
      expect(
        conditions.admit(
          "p1",
          attempt(() => opened.push(i)),
        ).go,
      ).toBe("held");
    expect(
      conditions.admit(
        "p1",
        attempt(() => opened.push(99)),
      ),
    ).toMatchObject({
      go: "refused",
      message: expect.stringContaining("offline"),
    });
    clock.advanceTo(2_000);
    expect(opened).toEqual(Array.from({ length: MAX_HELD_ATTEMPTS }, (_, i) => i + 1));
  });

  it("closing the harness closes every seat's sockets, held ones too, and opens nothing later", () => {
    const { clock, conditions } = conditionsOnFakeClock();
    const closed: string[] = [];
    conditions.attach("p1", { drop: () => closed.push("p1 open") });
    conditions.goOffline("p2", 5);
    conditions.admit("p2", { proceed: () => closed.push("p2 opened"), abandon: () => closed.push("p2 held") });
    conditions.close();
    expect(closed.sort()).toEqual(["p1 open", "p2 held"]);
    clock.advanceTo(10_000);
    expect(closed).not.toContain("p2 opened");
  });

  it("going offline again restarts the period from now", () => {
    const { clock, conditions } = conditionsOnFakeClock();
    conditions.goOffline("p1", 3);
    clock.advanceTo(2_000);
    conditions.goOffline("p1", 3);
    const opened: string[] = [];
    conditions.admit(
      "p1",
      attempt(() => opened.push("back")),
    );
    clock.advanceTo(4_999);
    expect(opened).toEqual([]);
    clock.advanceTo(5_000);
    expect(opened).toEqual(["back"]);
  });
});

describe("the conditions endpoint's checks", () => {
  it.each([
    [{ kind: "latency", ms: 5_001 }, "Latency must be a whole number of milliseconds from 0 to 5000"],
    [{ kind: "latency", ms: -1 }, "Latency must be a whole number of milliseconds from 0 to 5000"],
    [{ kind: "latency", ms: 12.5 }, "Latency must be a whole number of milliseconds from 0 to 5000"],
    [{ kind: "latency", ms: null }, "Latency must be a whole number of milliseconds from 0 to 5000"],
    [{ kind: "latency", ms: "300" }, "Latency must be a whole number of milliseconds from 0 to 5000"],
    [{ kind: "offline", seconds: 0 }, "Offline time must be a whole number of seconds from 1 to 300"],
    [{ kind: "offline", seconds: 301 }, "Offline time must be a whole number of seconds from 1 to 300"],
    [{ kind: "slow" }, 'kind must be "latency", "drop" or "offline"'],
    [[], 'kind must be "latency", "drop" or "offline"'],
  ])("refuses %j with 400 invalid_condition and a message", (body, message) => {
    const { conditions, changes } = conditionsOnFakeClock();
    expect(applyConditionChange(conditions, "p1", body)).toEqual({
      status: 400,
      body: { error: "invalid_condition", message },
    });
    expect(changes()).toBe(0);
    expect(conditions.snapshot().seats.p1).toMatchObject({ latencyMs: 0, offlineMsLeft: 0 });
  });

  it("refuses fields it does not know, and a seat the harness has not", () => {
    const { conditions } = conditionsOnFakeClock();
    expect(applyConditionChange(conditions, "p1", { kind: "drop", seconds: 3 })).toMatchObject({
      status: 400,
      body: { error: "invalid_condition" },
    });
    expect(applyConditionChange(conditions, "p9", { kind: "drop" })).toEqual({
      status: 404,
      body: { error: "unknown_seat", message: "No seat p9 in this harness" },
    });
  });

  it("takes the bounds themselves", () => {
    const { conditions } = conditionsOnFakeClock();
    expect(applyConditionChange(conditions, "p1", { kind: "latency", ms: 5_000 }).status).toBe(200);
    expect(applyConditionChange(conditions, "p1", { kind: "latency", ms: 0 }).status).toBe(200);
    expect(applyConditionChange(conditions, "p2", { kind: "offline", seconds: 300 }).status).toBe(200);
    conditions.close();
  });
});
