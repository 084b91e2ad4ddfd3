import path from "node:path";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../src/config/rate-limits.ts";
import { describeShared, sharedResources } from "../../tools/build/environment-isolation.ts";
import { parseWranglerConfig, readWranglerConfig } from "../../tools/local-platform/wrangler-config.ts";
import { projectRoot } from "../../tools/local-platform/wrangler-env.ts";

const config = readWranglerConfig(path.join(projectRoot, "wrangler.toml"));
const environments = [
  ["dev", config.topLevel],
  ...Object.entries(config.environments).map(([name, table]) => [name, table.read] as const),
] as const;

describe("the creation rate limits in wrangler.toml", () => {
  it.each(environments)("%s binds every limit of src/config/rate-limits.ts with its limit and period", (_, env) => {
    const declared = (env.ratelimits ?? []).map(({ name, simple }) => ({ name, ...simple }));
    const wanted = Object.values(RATE_LIMITS).map(({ binding, limit, period }) => ({ name: binding, limit, period }));
    expect(declared).toEqual(wanted);
  });

  it.each(environments)("%s counts each limit in a namespace of its own", (_, env) => {
    const ids = (env.ratelimits ?? []).map((limiter) => limiter.namespace_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names a namespace two environments share (their counters would be one)", () => {
    const shared = parseWranglerConfig(`name = "platform"
[[ratelimits]]
name = "CHECKOUT_LIMITER"
namespace_id = "1005"
simple = { limit = 10, period = 60 }
[env.prd]
name = "platform-prd"
[[env.prd.ratelimits]]
name = "CHECKOUT_LIMITER"
namespace_id = "1005"
simple = { limit = 10, period = 60 }
`);
    expect(sharedResources(shared).map(describeShared)).toEqual(["dev and prd share the rate-limit namespace 1005"]);
  });
});
