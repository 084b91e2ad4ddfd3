import path from "node:path";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";

const configPath = path.join(import.meta.dirname, "../../wrangler.toml");

describe.each([undefined, "stg", "prd"])("wrangler.toml, environment %s", (env) => {
  it("turns WebSocket compression off, so room frames go out plain (docs/decisions/0061-room-sockets-without-permessage-deflate.md)", () => {
    const config = unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
    expect(config.compatibility_flags).toContain("no_web_socket_compression");
    expect(config.compatibility_flags).not.toContain("web_socket_compression");
  });
});
