/** The sign-in service's login page as a person uses it, with the dev IdP's fixed SMS code. */
import type { Page } from "playwright-core";

/** The code the dev IdP accepts for every phone number. */
const DEV_SMS_CODE = "123456";

/**
 * Signs in with a phone number (an account is made for a new number). "Send code" first passes
 * the page's invisible reCAPTCHA (the dev IdP's stand-in solves it without a challenge) and then
 * asks for the code; the helper waits for that request's answer, so a refused one fails here,
 * naming the provider's error, rather than as a missing code field later.
 */
export async function signInByPhone(page: Page, phone: string): Promise<void> {
  await page.getByLabel("Phone number").fill(phone);
  const [sent] = await Promise.all([
    page.waitForResponse((response) => response.url().includes("/v1/accounts:sendVerificationCode")),
    page.getByRole("button", { name: "Send code" }).click(),
  ]);
  if (!sent.ok()) throw new Error(`sendVerificationCode answered ${sent.status()}: ${await sent.text()}`);
  await page.getByLabel("Verification code").fill(DEV_SMS_CODE);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** A new account: accepts the client's documents, then signs in with a fresh phone number. */
export async function signUpByPhone(page: Page): Promise<void> {
  const phone = `+81 90 ${String(Date.now()).slice(-4)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  await page.getByLabel("Terms of Service").check();
  await page.getByLabel("Privacy Policy").check();
  await signInByPhone(page, phone);
}
