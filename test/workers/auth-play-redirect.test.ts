import { describe, expect, it } from "vitest";
import { AUTH, platform } from "./auth-support";

const login = (target: string) =>
  platform(`${AUTH}/login?${new URLSearchParams({ redirect_uri: target, client_id: "studio" })}`);

// In dev the router serves the rooms app on localhost, 127.0.0.1 and [::1] alike (src/router.ts),
// so /play/ on any of them is the authors' files and no sign-in target.
describe("published scenario files through another loopback name (dev)", () => {
  it.each([
    "http://127.0.0.1:8787/rooms/play/some-revision/index.html",
    "http://127.0.0.1:8787/rooms/%70lay/some-revision/index.html",
    "http://[::1]:8787/rooms/play/some-revision/index.html",
  ])("refuses redirect_uri %s", async (target) => {
    const res = await login(target);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: "invalid_redirect_uri",
      message: expect.stringContaining("published scenario"),
    });
  });

  it("still accepts the lobby on 127.0.0.1, outside /play/", async () => {
    expect((await login("http://127.0.0.1:8787/rooms/lobby/some-revision/")).status).toBe(200);
  });
});
