import { wranglerDevCpuMs } from "../tools/loadtest/process-tree.ts";
import { median } from "./lib/http-load.ts";
import type { Benchmark } from "./lib/types.ts";

const CONCURRENCY = 8;
const ROUNDS = 3;
/**
 * Log requests per round. The intake allows 1200 records a minute per instance (document 1), so
 * warm-up and every round together stay under it; each request comes from its own IP (the
 * per-IP limit is 60) through cf-connecting-ip, which wrangler dev passes on.
 */
const LOG_REQUESTS_PER_ROUND = 300;
const WARM_UP_REQUESTS = 60;
const BODY_LIMIT = 16 * 1024;

interface Load {
  requestsPerSecond: number;
  cpuMsPerRequest: number;
}

/**
 * POST /api/log with a worst-case record against the bare health route of the same Worker in the
 * same run: a body just under the 16 KiB limit, as wide and deep as the limits allow, every
 * string full of what the scrubber must find (e-mails, phones, IPs, URLs). Budget: at most 2x the
 * health route's CPU per request.
 */
const logBenchmark: Benchmark = async ({ platformUrl }) => {
  const auth = `${platformUrl}/auth`;
  const body = worstCaseBody();
  let ip = 0;
  const log = () => {
    ip += 1;
    const headers = {
      "content-type": "text/plain",
      "cf-connecting-ip": `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    };
    return expectStatus(fetch(`${auth}/api/log`, { method: "POST", headers, body }), 204);
  };
  const health = () => expectStatus(fetch(`${auth}/health`), 200);

  await countedLoad(platformUrl, log, WARM_UP_REQUESTS);
  await timedLoad(platformUrl, health, 500);
  const logRuns: Load[] = [];
  const healthRuns: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    logRuns.push(await countedLoad(platformUrl, log, LOG_REQUESTS_PER_ROUND));
    healthRuns.push(await timedLoad(platformUrl, health, 1000));
  }
  const figure = summarize(logRuns);
  const base = summarize(healthRuns);
  const name = `POST /api/log, worst-case ${Math.round(body.length / 1024)} KiB record vs /auth/health`;
  return [
    {
      name: `${name} (req/s)`,
      figure: figure.requestsPerSecond,
      baseline: base.requestsPerSecond,
      unit: "req/s",
      budget: "for reference",
      pass: true,
    },
    {
      name: `${name} (CPU per request)`,
      figure: figure.cpuMsPerRequest,
      baseline: base.cpuMsPerRequest,
      unit: "ms",
      budget: "ratio <= 2",
      pass: figure.cpuMsPerRequest / base.cpuMsPerRequest <= 2,
    },
  ];
};

export default logBenchmark;

/** One record, as deep (4), wide (30 keys, 20 items) and long as the limits keep, under 16 KiB. */
export function worstCaseBody(): string {
  const text =
    "failed for alice@example.com from 192.168.0.1 and 2001:db8::1, call +81 90-1234-5678 or see https://example.com/login?code=abc www.example.com/x ";
  const record = {
    evt: {
      category: "authentication",
      name: "phone_otp",
      action: "verify_code",
      surface: "signIn",
      outcome: "failure",
    },
    error: { code: "auth/invalid-code", name: "FirebaseError", message: text },
    knownIssue: "recaptcha-expired-callback",
    sessionId: "0b7c6a2e-5d1f-4c2a-9e3b-7f8a9c0d1e2f",
    uid: "uid1234567890abcdefghij",
    page: { path: `/auth/login/${text}`, clientId: "store" },
    client: { userAgent: text },
    context: {} as Record<string, unknown>,
  };
  for (let i = 0; JSON.stringify(record).length < BODY_LIMIT - 600; i++) {
    const key = `k${i}`;
    record.context[key] = i % 3 === 0 ? { a: [text, { b: text }], c: text } : text;
  }
  const json = JSON.stringify(record);
  if (json.length >= BODY_LIMIT) throw new Error(`worst-case body is ${json.length} bytes`);
  return json;
}

function summarize(runs: Load[]): Load {
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    cpuMsPerRequest: median(runs.map((run) => run.cpuMsPerRequest)),
  };
}

async function countedLoad(serverUrl: string, send: () => Promise<boolean>, count: number): Promise<Load> {
  let left = count;
  return measured(serverUrl, async () => {
    let completed = 0;
    const client = async () => {
      while (left > 0) {
        left -= 1;
        if (await send()) completed++;
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    return completed;
  });
}

async function timedLoad(serverUrl: string, send: () => Promise<boolean>, durationMs: number): Promise<Load> {
  return measured(serverUrl, async () => {
    const deadline = performance.now() + durationMs;
    let completed = 0;
    const client = async () => {
      while (performance.now() < deadline && (await send())) completed++;
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    return completed;
  });
}

/** Requests per second from the client side, CPU per request from /proc of the wrangler dev tree. */
async function measured(serverUrl: string, run: () => Promise<number>): Promise<Load> {
  const port = Number(new URL(serverUrl).port);
  const cpuBefore = wranglerDevCpuMs(port);
  const started = performance.now();
  const completed = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpuMs = wranglerDevCpuMs(port) - cpuBefore;
  return { requestsPerSecond: completed / seconds, cpuMsPerRequest: cpuMs / Math.max(1, completed) };
}

async function expectStatus(pending: Promise<Response>, status: number): Promise<boolean> {
  const res = await pending;
  await res.arrayBuffer();
  if (res.status !== status) throw new Error(`${res.url} answered ${res.status}, expected ${status}`);
  return true;
}
