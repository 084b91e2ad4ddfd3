import { interleaved, requestsPerSecond } from "./lib/http-load.ts";
import type { Benchmark } from "./lib/types.ts";

/**
 * Custom-token signing in the Worker (workerd's WebCrypto, RS256 with the cached service-account
 * key), measured as requests per second of the dev IdP's GET /idp/bench/custom-token, which signs
 * one token through the platform's adapter per request. Baseline, same Worker and same run:
 * GET /idp/health, so the ratio is what one signature costs on top of routing a request.
 * (Timers inside a Worker only move on I/O, so the cost is measured from outside.)
 */
const idpBenchmark: Benchmark = async ({ platformUrl }) => {
  const sign = `${platformUrl}/idp/bench/custom-token`;
  const health = `${platformUrl}/idp/health`;
  await requestsPerSecond(sign, { durationMs: 500 });
  await requestsPerSecond(health, { durationMs: 500 });
  const [signing, baseline] = await interleaved(
    3,
    () => requestsPerSecond(sign),
    () => requestsPerSecond(health),
  );
  return [
    {
      name: "custom tokens signed per second (RS256, cached key)",
      figure: signing,
      baseline,
      unit: "req/s",
      budget: "ratio >= 0.5",
      pass: signing / baseline >= 0.5,
    },
  ];
};

export default idpBenchmark;
