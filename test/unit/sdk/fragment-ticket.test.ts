import { afterEach, describe, expect, it, vi } from "vitest";

const QUERY = "?server=https%3A%2F%2Frooms.example.com&roomId=room-1&revisionId=rev-1&seatId=p1";
const PATH = "/play/rev-1/index.html";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The SDK as a fresh page loads it, on an address with this fragment. */
async function pageAt(hash: string) {
  const replaced: string[] = [];
  const location = { search: QUERY, hash, pathname: PATH };
  vi.stubGlobal("location", location);
  vi.stubGlobal("history", {
    state: null,
    replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url),
  });
  const sdk = await import("../../../browser/sdk");
  return { sdk, replaced, location };
}

describe("a seat ticket in the game page's fragment (where the lobby puts it)", () => {
  it("is the page's ticket, and leaves the address at once, its query kept", async () => {
    const { sdk, replaced, location } = await pageAt("#ticket=t.k.n");
    expect(sdk.gameMode()).toMatchObject({ kind: "online", roomId: "room-1", seatId: "p1", ticket: "t.k.n" });
    expect(replaced).toEqual([PATH + QUERY]);
    // Read once: the page keeps it after the address lost it.
    location.hash = "";
    expect(sdk.gameMode()).toMatchObject({ ticket: "t.k.n" });
    expect(replaced).toHaveLength(1);
  });

  it("leaves an address without one as it is", async () => {
    const { sdk, replaced } = await pageAt("#board");
    expect(sdk.gameMode()).toMatchObject({ kind: "online", ticket: null });
    expect(replaced).toEqual([]);
  });
});
