/** The sign-in service's login page as a person uses it, with the dev IdP's fixed SMS code. */
import type { Page } from "playwright-core";

/** The code the dev IdP accepts for every phone number. */
const DEV_SMS_CODE = "123456";

/** Signs in with a phone number (an account is made for a new number). */
export async function signInByPhone(page: Page, phone: string): Promise<void> {
  await page.getByLabel("Phone number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
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
