/**
 * "I paid and got nothing" from the operator console alone (issue 37): a player's purchase whose
 * webhook event the payment stand-in holds, found on the console by its payment intent id, shown
 * as paid at the provider and not credited; then the event is delivered, and the same page shows
 * the credit and the balance it makes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPort } from "../../tools/local-platform/ports.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchChromium, newPerson } from "./support/browser.ts";
import { type RunningWorker, startPlatform, waitForFreePort } from "./support/platform.ts";
import { openAs, seededIdToken } from "./support/sso.ts";
import { deliverySettings, me, openCheckout, pay, signedInBuyer } from "./support/stand-in-purchases.ts";

// Port 8867 belongs to this test.
const PORT = testPort(8867);

let platform: RunningWorker & { secrets: Record<string, string> };
let browser: Browser;

beforeAll(async () => {
  await waitForFreePort(PORT);
  platform = await startPlatform(PORT);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** The payment intent of a paid checkout session, as the stand-in has it. */
async function paymentIntentOf(sessionId: string): Promise<string> {
  const response = await fetch(`${platform.url}/payments/v1/checkout/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${platform.secrets.STRIPE_SECRET_KEY}` },
  });
  return ((await response.json()) as { payment_intent: string }).payment_intent;
}

/** The stand-in delivers what it held (the webhook then credits the purchase). */
async function deliverHeld(): Promise<void> {
  const response = await fetch(`${platform.url}/payments/dev/events/flush`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (!response.ok) throw new Error(`flush refused: ${response.status}`);
}

const text = (page: Page, selector: string) =>
  page
    .locator(selector)
    .textContent()
    .then((value) => value ?? "");

describe("I paid and got nothing", () => {
  it("the operator finds the held payment by its id, sees it not credited, and after its delivery the credit", async () => {
    const buyer = await signedInBuyer(platform.url);
    const balanceBefore = (await me(platform.url, buyer.idToken)).balance;
    await deliverySettings(platform.url, { mode: "hold" });
    const sessionId = await openCheckout(platform.url, platform.secrets.STRIPE_SECRET_KEY ?? "", buyer);
    expect((await pay(platform.url, sessionId)).ok).toBe(true);
    const paymentIntentId = await paymentIntentOf(sessionId);
    expect((await me(platform.url, buyer.idToken)).balance).toBe(balanceBefore);

    const page = await newPerson(browser, "console-paid-nothing", { width: 360, height: 900 });
    const consoleUrl = `${platform.url}/backend/admin/`;
    await openAs(page, platform.url, await seededIdToken(platform.url, "admin@example.com"), consoleUrl);
    await page.getByLabel("User id, email address or payment intent id (pi_…)").fill(paymentIntentId);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: `Payment ${paymentIntentId}` }).waitFor();
    const payment = await text(page, "section.payment");
    expect(payment).toMatch(/At the payment provider\s*Paid: 160 JPY for web_coins_100/);
    expect(payment).toContain(
      "Not credited: the provider took the payment, but its webhook event has not been processed",
    );
    expect(await text(page, "table.formula")).toMatch(new RegExp(`= Balance\\s*${balanceBefore}\\s*$`));
    expect(await seriousViolations(page)).toEqual([]);

    await deliverHeld();
    await expect.poll(async () => (await me(platform.url, buyer.idToken)).balance).toBe(balanceBefore + 100);
    await page.reload();
    const credited = await text(page, "section.payment");
    expect(credited).toMatch(/In the coin ledger\s*Credited 100 coins \d{4}-\d\d-\d\d/);
    expect(credited).not.toContain("Not credited");
    expect(await text(page, "table.formula")).toMatch(new RegExp(`= Balance\\s*${balanceBefore + 100}\\s*$`));
    expect(await page.getByRole("cell", { name: paymentIntentId }).count()).toBe(1);
    await page.context().close();
  });
});
