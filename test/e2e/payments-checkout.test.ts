import { createClient } from "graphql-ws";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { StripePaymentProvider } from "../../src/payments/stripe-provider.ts";
import { testPort } from "../../tools/local-platform/ports.ts";
import { launchChromium, screenshotOnFailure } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";

const PORT = testPort(8801);

let platform: RunningWorker & { secrets: Record<string, string> };
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The platform's own Stripe client, pointed at the stand-in as dev points it (host/port/protocol). */
function stripeClient(): StripePaymentProvider {
  const origin = new URL(platform.url);
  return new StripePaymentProvider({
    secretKey: platform.secrets.STRIPE_SECRET_KEY ?? null,
    webhookSecret: null,
    api: { host: origin.hostname, port: Number(origin.port), protocol: "http" },
    // The stand-in serves Stripe's paths under its base path /payments.
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      url.pathname = `/payments${url.pathname}`;
      return fetch(url, init);
    },
  });
}

async function premiumIdToken(): Promise<string> {
  const response = await fetch(`${platform.url}/idp/v1/accounts:signInWithPassword?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "premium@example.com", password: "dev-password", returnSecureToken: true }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { idToken: string }).idToken;
}

async function me(token: string): Promise<{ id: number; balance: number; hasActiveSubscription: boolean }> {
  const response = await fetch(`${platform.url}/backend/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: "{ me { id balance hasActiveSubscription } }" }),
  });
  return ((await response.json()) as { data: { me: { id: number; balance: number; hasActiveSubscription: boolean } } })
    .data.me;
}

/** Balances pushed by the currentUserCoinBalance subscription (server-sent events). */
async function subscribeBalance(token: string, onBalance: (balance: number) => void): Promise<() => void> {
  const controller = new AbortController();
  const response = await fetch(`${platform.url}/backend/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: "subscription { currentUserCoinBalance { balance } }" }),
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: "" }));
      if (done) return;
      buffer += value;
      for (const match of buffer.matchAll(/^data: (.+)$/gm)) {
        const balance = JSON.parse(match[1] ?? "null")?.data?.currentUserCoinBalance?.balance;
        if (typeof balance === "number") onBalance(balance);
      }
      buffer = buffer.slice(buffer.lastIndexOf("\n\n") + 2);
    }
  })();
  return () => controller.abort();
}

/**
 * The first balance other than `from` pushed by currentUserCoinBalance over graphql-ws (the `ws`
 * package in Node, through wrangler dev's real upgrade), once the subscription is open.
 */
async function balanceOverGraphqlWs(token: string, from: number) {
  const client = createClient({
    url: `${platform.url.replace(/^http/, "ws")}/backend/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
  });
  const results = client.iterate<{ currentUserCoinBalance: { balance: number } }>({
    query: "subscription { currentUserCoinBalance { balance } }",
  });
  const balance = async () => (await results.next()).value?.data?.currentUserCoinBalance.balance;
  expect(await balance()).toBe(from);
  return {
    changed: (async () => {
      for (;;) {
        const next = await balance();
        if (next !== from) return next;
      }
    })(),
    stop: () => client.dispose(),
  };
}

describe("a checkout completed on the stand-in's hosted page", () => {
  it("credits a premium user's balance once (with bonus), even with duplicated, reordered events; subscribers over SSE and graphql-ws see it", async () => {
    screenshotOnFailure(page, "payments-checkout");
    const token = await premiumIdToken();
    const before = await me(token);
    expect(before.hasActiveSubscription).toBe(true);

    const balances: number[] = [];
    let seen: (balance: number) => void = () => {};
    const credited = new Promise<number>((resolve) => {
      seen = (balance) => {
        balances.push(balance);
        if (balance !== before.balance) resolve(balance);
      };
    });
    const stop = await subscribeBalance(token, (balance) => seen(balance));
    const overWebSocket = await balanceOverGraphqlWs(token, before.balance);

    const stripe = stripeClient();
    const [price] = await stripe.pricesByLookupKeys(["web_coins_550"]);
    expect(price?.currencyOptions.krw).toEqual({ unitAmount: 7500, taxBehavior: "inclusive" });
    const session = await stripe.createCheckoutSession({
      userId: before.id,
      productId: "web_coins_550",
      priceId: price?.priceId ?? "",
      currency: "krw",
      successUrl: `${platform.url}/store/?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${platform.url}/store/`,
    });

    await page.goto(session.url ?? "");
    await expect.poll(() => page.getByTestId("amount").textContent()).toBe("7500 KRW");
    await page.locator('input[name="duplicates"]').fill("10");
    await page.locator('input[name="reversed"]').check();
    await Promise.all([page.waitForURL(/session_id=/), page.getByRole("button", { name: "Pay" }).click()]);

    // 550 coins plus the 10% subscription bonus, once, whatever the copies and their order.
    expect(await credited).toBe(before.balance + 605);
    expect(await overWebSocket.changed).toBe(before.balance + 605);
    expect((await me(token)).balance).toBe(before.balance + 605);
    expect((await stripe.retrieveCheckoutSession(session.id)).paymentStatus).toBe("paid");
    stop();
    await overWebSocket.stop();
  });
});
