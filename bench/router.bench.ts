import { interleaved, requestsPerSecond } from "./lib/http-load.ts";
import type { Benchmark } from "./lib/types.ts";

/** The platform router's cost: GET /auth/health through platform/index.ts vs a bare Hono route. */
const routerBenchmark: Benchmark = async ({ platformUrl, baselineUrl }) => {
  const health = `${platformUrl}/auth/health`;
  const bare = `${baselineUrl}/`;
  await requestsPerSecond(health, { durationMs: 500 });
  await requestsPerSecond(bare, { durationMs: 500 });
  const [platform, baseline] = await interleaved(
    3,
    () => requestsPerSecond(health),
    () => requestsPerSecond(bare),
  );
  return [
    {
      name: "health route through the router (req/s)",
      figure: platform,
      baseline,
      unit: "req/s",
      budget: "ratio >= 0.5",
      pass: platform / baseline >= 0.5,
    },
  ];
};

export default routerBenchmark;
