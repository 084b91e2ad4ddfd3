/** Signing a browser in as a given account, the way the platform hands a signed-in user over (document 1, transfer). */
import type { Page } from "playwright-core";

/** The password of the dev IdP's seeded accounts (user@, admin@, premium@example.com). */
const SEEDED_PASSWORD = "dev-password";

/** An ID token of a seeded account of the dev IdP. */
export async function seededIdToken(platformUrl: string, email: string): Promise<string> {
  const signIn = await fetch(`${platformUrl}/idp/v1/accounts:signInWithPassword?key=dev-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: SEEDED_PASSWORD, returnSecureToken: true }),
  });
  if (!signIn.ok) throw new Error(`the dev IdP refused ${email}: ${signIn.status}`);
  return ((await signIn.json()) as { idToken: string }).idToken;
}

/**
 * Opens `target` in the page as the account of `idToken`: a transfer code for it, /transfer asks
 * whose account it is, and Continue starts the browser's SSO session and lands on the target.
 */
export async function openAs(page: Page, platformUrl: string, idToken: string, target: string): Promise<void> {
  const issued = await fetch(`${platformUrl}/auth/api/transfer/code`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id_token: idToken, redirect_uri: target }),
  });
  if (!issued.ok) throw new Error(`no transfer code for ${target}: ${issued.status}`);
  const { code } = (await issued.json()) as { code: string };
  await page.goto(`${platformUrl}/auth/transfer?code=${code}`);
  await page.click('button[name="decision"][value="continue"]');
}
