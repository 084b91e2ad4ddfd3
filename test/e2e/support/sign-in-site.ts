/** The sign-in service under test with a product site to land on and a browser: the auth e2e files' setup. */
import type { Browser } from "playwright-core";
import { testPort } from "../../../tools/local-platform/ports.ts";
import { launchChromium } from "./browser.ts";
import { startPlatform, startTargetSite, type TargetSite, waitForFreePort } from "./platform.ts";

export interface SignInSite {
  /** {platform}/auth and {platform}/idp (the dev IdP, also its REST base). */
  auth: string;
  idp: string;
  /** The product site the login page sends the browser back to. */
  target: TargetSite;
  browser: Browser;
  /** The login page of a client, with a redirect_uri of `landing` on the target site. */
  loginUrl(clientId: string, landing: string): string;
  /** An email + password account made with the dev IdP's admin tools (verified); its uid. */
  createAccount(email: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The platform on port 8801 and the target site on 8803 (both moved by TEST_PORT_OFFSET), and
 * Chromium. `onOutput` receives the Worker's console lines (the auth-log intake's among them).
 */
export async function startSignInSite(options: { onOutput?: (text: string) => void } = {}): Promise<SignInSite> {
  const platformPort = testPort(8801);
  const targetPort = testPort(8803);
  await Promise.all([waitForFreePort(platformPort), waitForFreePort(targetPort)]);
  const platform = await startPlatform(platformPort, { onOutput: options.onOutput });
  const auth = `${platform.url}/auth`;
  const idp = `${platform.url}/idp`;
  const target = await startTargetSite(targetPort, { authUrl: auth, idpApiUrl: idp, apiKey: "dev-api-key" });
  const browser = await launchChromium();
  return {
    auth,
    idp,
    target,
    browser,
    loginUrl: (clientId, landing) =>
      `${auth}/login?${new URLSearchParams({ redirect_uri: `${target.origin}${landing}`, client_id: clientId })}`,
    createAccount: async (email, password) => {
      const created = await fetch(`${idp}/admin/users`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password, emailVerified: true }),
      });
      if (created.status !== 201) throw new Error(`admin/users answered ${created.status}: ${await created.text()}`);
      return ((await created.json()) as { uid: string }).uid;
    },
    stop: async () => {
      await browser.close();
      await Promise.all([platform.stop(), target.stop()]);
    },
  };
}
