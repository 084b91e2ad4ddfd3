import { describe, expect, it } from "vitest";
import { checkEgress, parseAllowList } from "../../src/egress/policy";

const ALLOWED = ["venue-device.example.com"];

describe("egress policy", () => {
  it("allows the listed host over http(s) on the default port", () => {
    expect(checkEgress("https://venue-device.example.com/api/lights", ALLOWED).allowed).toBe(true);
    expect(checkEgress("http://VENUE-DEVICE.example.com/", ALLOWED).allowed).toBe(true);
    expect(checkEgress("https://venue-device.example.com:443/", ALLOWED).allowed).toBe(true);
  });

  it.each([
    "https://evil.example.com/",
    "https://venue-device.example.com.evil.com/",
    "https://evilvenue-device.example.com/",
    "https://venue-device.example.com./",
    "https://sub.venue-device.example.com/",
    "https://venue-device.example.com:8443/",
    "http://venue-device.example.com:80@evil.com/",
    "https://user:pass@venue-device.example.com/",
    "https://venue-device.example.com@evil.com/",
    "http://127.0.0.1/",
    "http://10.0.0.1/",
    "http://[::1]/",
    "http://2130706433/",
    "ftp://venue-device.example.com/",
    "file:///etc/passwd",
    "not a url",
  ])("refuses %s", (url) => {
    expect(checkEgress(url, ALLOWED).allowed).toBe(false);
  });

  it("refuses everything with an empty allow-list", () => {
    expect(checkEgress("https://venue-device.example.com/", []).allowed).toBe(false);
  });

  it("parses the comma-separated config value", () => {
    expect(parseAllowList(" A.example.com, b.example.com ,,")).toEqual(["a.example.com", "b.example.com"]);
    expect(parseAllowList("")).toEqual([]);
  });
});

describe("room location hint", () => {
  it("uses a valid loc and falls back to apac for a missing or unknown one", async () => {
    const { locationHintOf } = await import("../../src/room-access/connect-params");
    expect(locationHintOf("weur")).toBe("weur");
    expect(locationHintOf(undefined)).toBe("apac");
    expect(locationHintOf("mars")).toBe("apac");
    expect(locationHintOf("")).toBe("apac");
  });
});
