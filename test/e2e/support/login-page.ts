/** The sign-in service's login page as a person uses it, with the dev IdP's fixed SMS code. */
import type { Page } from "playwright-core";
import { type Language, STRINGS } from "../../../src/auth/i18n.ts";

/** The code the dev IdP accepts for every phone number. */
const DEV_SMS_CODE = "123456";

/**
 * Signs in with a phone number (an account is made for a new number), on a page in `language`.
 * "Send code" first passes the page's invisible reCAPTCHA (the dev IdP's stand-in solves it
 * without a challenge) and then asks for the code; the helper waits for that request's answer, so
 * a refused one fails here, naming the provider's error, rather than as a missing code field later.
 */
export async function signInByPhone(page: Page, phone: string, language: Language = "en"): Promise<void> {
  const t = STRINGS[language];
  await page.getByLabel(t.phoneNumber).fill(phone);
  const [sent] = await Promise.all([
    page.waitForResponse((response) => response.url().includes("/v1/accounts:sendVerificationCode")),
    page.getByRole("button", { name: t.sendCode }).click(),
  ]);
  if (!sent.ok()) throw new Error(`sendVerificationCode answered ${sent.status()}: ${await sent.text()}`);
  await page.getByLabel(t.verificationCode).fill(DEV_SMS_CODE);
  await page.getByRole("button", { name: t.verify, exact: true }).click();
}

/** A new account: accepts the client's documents, then signs in with a fresh phone number. */
export async function signUpByPhone(page: Page, language: Language = "en"): Promise<void> {
  const phone = `+81 90 ${String(Date.now()).slice(-4)} ${String(Math.floor(Math.random() * 9000) + 1000)}`;
  await page.getByLabel(STRINGS[language].documents.app_terms).check();
  await page.getByLabel(STRINGS[language].documents.privacy).check();
  await signInByPhone(page, phone, language);
}
