import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { codeKeys } from "../../../src/publishing/code-keys";
import { connect, ROSTER } from "../rooms/support";
import { capturedLines } from "./log-capture";

// Scenario code that opens a raw TCP socket, which the egress gate must refuse.
const RAW_SOCKET_LOGIC = `
import { connect } from "cloudflare:sockets";
export default {
  setup() { return { outcome: null }; },
  serverActions: {
    async raw(state) {
      try {
        const socket = connect("venue-device.test:443");
        await socket.opened;
        const writer = socket.writable.getWriter();
        await writer.write(new TextEncoder().encode("hello"));
        const read = await socket.readable.getReader().read();
        state.outcome = read.done ? "closed" : "answered";
      } catch (error) {
        state.outcome = "failed";
      }
    },
  },
};`;

describe("room log lines", () => {
  it("a raw socket from scenario code is refused by the egress gate with its own room line", async () => {
    const revisionId = `rev-raw-socket-${Date.now()}`;
    await env.CODE.put(codeKeys.logic(revisionId), RAW_SOCKET_LOGIC);
    let outcome: unknown;
    const { raw, lines } = await capturedLines(async () => {
      const alice = await connect(revisionId, "room-1", { seatId: "alice", players: ROSTER });
      await alice.next("__game_start");
      const result = await alice.act("raw", {}, 1);
      outcome = result.state?.outcome;
      alice.close();
    });
    expect(outcome === "closed" || outcome === "failed").toBe(true);
    expect(lines).toContainEqual(
      expect.objectContaining({
        severity: "WARNING",
        message: "egress refused",
        app: "rooms",
        component: "room",
        environment: "dev",
        reason: "raw sockets are not allowed",
      }),
    );
    expect(raw.join("\n")).not.toContain("does not export a connect() function");
  });
});
