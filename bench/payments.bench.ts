import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import Stripe from "stripe";
import { projectRoot, wranglerBin, wranglerEnv } from "../tools/local-platform/wrangler-env.ts";
import type { Benchmark, BenchRow } from "./lib/types.ts";

const EVENTS = 200;
const CONCURRENCY = 8;
/** Cloudflare's Workers free plan: 3 MB after gzip. */
const FREE_PLAN_LIMIT_BYTES = 3 * 1024 * 1024;

/** Latencies of `requests` sent by `CONCURRENCY` closed-loop clients; total wall time too. */
async function run(
  requests: (() => Promise<Response>)[],
): Promise<{ latencies: number[]; seconds: number; bodies: unknown[] }> {
  const latencies: number[] = [];
  const bodies: unknown[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < requests.length) {
      const send = requests[next++] as () => Promise<Response>;
      const t0 = performance.now();
      const response = await send();
      bodies.push(await response.json());
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return { latencies, seconds: (performance.now() - started) / 1000, bodies };
}

function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] as number;
}

/**
 * Webhook credits: 100 paid checkouts at the payment stand-in, their 100 completion events and a
 * duplicate of each (200 signed deliveries, shuffled, 8 at a time). Asserts exactly 100 credits
 * and 100 duplicates and the balance they add up to; reports credits per second and p99 latency
 * against the backend's health route under the same load. Then the Worker bundle (prd, gzip)
 * with stripe included against the free plan's 3 MB.
 */
const paymentsBenchmark: Benchmark = async ({ platformUrl, idpUrl, secrets }) => {
  const payments = `${platformUrl}/payments`;
  const api = `${platformUrl}/backend`;
  const auth = { authorization: `Bearer ${secrets.STRIPE_SECRET_KEY}` };
  const json = { "content-type": "application/json" };
  await fetch(`${payments}/dev/settings`, { method: "POST", headers: json, body: JSON.stringify({ mode: "hold" }) });

  const signIn = await fetch(`${idpUrl}/v1/accounts:signInWithPassword?key=dev-api-key`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: "user@example.com", password: "dev-password", returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const balance = async () => {
    const response = await fetch(`${api}/graphql`, {
      method: "POST",
      headers: { ...json, authorization: `Bearer ${idToken}` },
      body: JSON.stringify({ query: "{ me { id balance } }" }),
    });
    return ((await response.json()) as { data: { me: { id: number; balance: number } } }).data.me;
  };
  const before = await balance();

  const payloads: string[] = [];
  for (let i = 0; i < EVENTS / 2; i++) {
    const body = new URLSearchParams({
      mode: "payment",
      "line_items[0][price]": "price_dev_coins_100",
      "line_items[0][quantity]": "1",
      "metadata[user_id]": String(before.id),
      "metadata[product_id]": "web_coins_100",
      "payment_intent_data[metadata][user_id]": String(before.id),
      "payment_intent_data[metadata][product_id]": "web_coins_100",
      success_url: `${platformUrl}/store/`,
      cancel_url: `${platformUrl}/store/`,
    });
    const created = await fetch(`${payments}/v1/checkout/sessions`, { method: "POST", headers: auth, body });
    const { id } = (await created.json()) as { id: string };
    const paid = await fetch(`${payments}/dev/checkout/${id}/pay`, { method: "POST" });
    payloads.push(
      JSON.stringify({
        id: `evt_bench_${i}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type: "checkout.session.completed",
        data: { object: await paid.json() },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      }),
    );
  }
  const cryptoProvider = Stripe.createNodeCryptoProvider();
  const deliveries = [...payloads, ...payloads]
    .map((payload) => ({ payload, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ payload }) => async () => {
      const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload,
        secret: secrets.STRIPE_WEBHOOK_SECRET ?? "",
        cryptoProvider,
      });
      return fetch(`${api}/webhook/payprov`, {
        method: "POST",
        headers: { ...json, "stripe-signature": signature },
        body: payload,
      });
    });

  const webhook = await run(deliveries);
  const outcomes = webhook.bodies.map((body) => (body as { outcome?: string }).outcome);
  const credited = outcomes.filter((o) => o === "credited").length;
  const duplicates = outcomes.filter((o) => o === "duplicate").length;
  const after = await balance();
  const exact =
    credited === EVENTS / 2 && duplicates === EVENTS / 2 && after.balance - before.balance === 100 * credited;
  if (!exact) {
    throw new Error(
      `webhook bench: ${credited} credited, ${duplicates} duplicates, balance +${after.balance - before.balance}`,
    );
  }
  const health = await run(Array.from({ length: EVENTS }, () => () => fetch(`${api}/health`)));

  const creditsPerSecond = credited / webhook.seconds;
  const healthPerSecond = EVENTS / health.seconds;
  const rows: BenchRow[] = [
    {
      name: `webhook: ${EVENTS} deliveries, half duplicates (exactly ${credited} credits), per second`,
      figure: EVENTS / webhook.seconds,
      baseline: healthPerSecond,
      unit: "req/s",
      budget: "ratio >= 0.1",
      pass: EVENTS / webhook.seconds / healthPerSecond >= 0.1,
    },
    {
      name: "webhook: credits per second (absolute)",
      figure: creditsPerSecond,
      baseline: null,
      unit: "credits/s",
      budget: "reported",
      pass: true,
    },
    {
      name: "webhook: p99 latency",
      figure: p99(webhook.latencies),
      baseline: p99(health.latencies),
      unit: "ms",
      budget: "ratio <= 10",
      pass: p99(webhook.latencies) / p99(health.latencies) <= 10,
    },
  ];
  rows.push(bundleRow());
  return rows;
};

/** The prd Worker bundle (wrangler deploy --dry-run), gzipped, against the free plan's limit. */
function bundleRow(): BenchRow {
  const outdir = mkdtempSync(path.join(tmpdir(), "bundle-"));
  try {
    const result = spawnSync(wranglerBin, ["deploy", "--dry-run", "--env", "prd", "--outdir", outdir], {
      cwd: projectRoot,
      env: wranglerEnv(),
      encoding: "utf8",
    });
    if (result.status !== 0) throw new Error(`bundle failed:\n${result.stdout}${result.stderr}`);
    const bundle = readdirSync(outdir).filter((name) => /\.(m?js|wasm)$/.test(name));
    const gzip = bundle.reduce((sum, name) => sum + gzipSync(readFileSync(path.join(outdir, name))).length, 0);
    const source = readFileSync(path.join(outdir, bundle.find((name) => name.endsWith(".js")) ?? ""), "utf8");
    if (!source.includes("constructEventAsync")) throw new Error("the bundle does not contain stripe");
    return {
      name: "Worker bundle, prd, gzip, stripe and graphql-yoga included (bytes)",
      figure: gzip,
      baseline: FREE_PLAN_LIMIT_BYTES,
      unit: "bytes",
      budget: "< 3 MB (free plan)",
      pass: gzip < FREE_PLAN_LIMIT_BYTES,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export default paymentsBenchmark;
