import { describe, expect, it } from "vitest";
import { forwardedRequest } from "../../src/egress/forward-request";
import { sandboxOutbound } from "../../src/egress/outbound";

describe("the sandbox's network", () => {
  it("is null, no network at all, when no host is allowed (never open)", () => {
    const gates: string[][] = [];
    expect(sandboxOutbound([], (hosts) => gates.push(hosts))).toBeNull();
    expect(gates).toEqual([]);
  });

  it("is the egress gate, given the allow-list, when hosts are allowed", () => {
    expect(sandboxOutbound(["venue-device.test"], (hosts) => ({ gate: hosts }))).toEqual({
      gate: ["venue-device.test"],
    });
  });
});

describe("what the egress gate forwards", () => {
  it("drops a Host header that names another host: the checked URL alone names it", async () => {
    const request = new Request("https://venue-device.test/a?b=1", {
      headers: { host: "evil.test", "x-trace": "7" },
    });
    const forwarded = await forwardedRequest(request, new URL(request.url));
    expect(forwarded.url).toBe("https://venue-device.test/a?b=1");
    expect(forwarded.headers.get("host")).toBeNull();
    expect(forwarded.headers.get("x-trace")).toBe("7");
  });

  it("drops the caller's cf options (resolveOverride would reach another origin)", async () => {
    const request = new Request("https://venue-device.test/a");
    Object.defineProperty(request, "cf", { value: { resolveOverride: "evil.test" } });
    const forwarded = await forwardedRequest(request, new URL(request.url));
    expect((forwarded as Request & { cf?: unknown }).cf).toBeUndefined();
  });

  it("keeps method and body, and leaves redirects to the gate", async () => {
    const request = new Request("https://venue-device.test/post", { method: "POST", body: "hello" });
    const forwarded = await forwardedRequest(request, new URL(request.url));
    expect(forwarded.method).toBe("POST");
    expect(await forwarded.text()).toBe("hello");
    expect(forwarded.redirect).toBe("manual");
  });
});
