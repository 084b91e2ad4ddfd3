/**
 * The production rehearsal's setting: the prd build (platform/production.ts, `wrangler dev --env
 * prd` over HTTPS on loopback, every public host of prd served by it) with only its providers
 * replaced, by the stand-ins of the dev build running as a separate process:
 *
 * - the identity provider (IDP_API_URL, IDP_TOKEN_URL, IDP_JWKS_URL) is the dev build's dev IdP,
 *   set to prd's project id, web API key and reCAPTCHA site key, and holding the same service
 *   account as prd (it checks the custom tokens prd signs, as the provider does);
 * - Stripe (STRIPE_API_URL) is its payment stand-in, with prd's API key, signing its events with
 *   prd's webhook secret and delivering them to https://api.example.com/webhook/payprov (through a
 *   relay: a Worker cannot resolve the made-up name);
 * - Google's reCAPTCHA is the dev IdP's stand-in, answered at Google's URLs in the browser
 *   (google-recaptcha-route.ts);
 * - the social sites are the dev IdP's stand-in page, with prd's and stg's return addresses
 *   ({AUTH_URL}/login/callback) registered as an operator registers them with each provider.
 *
 * Nothing of the stand-ins is inside the prd process: they are another process on another port.
 */

import { importJWK, SignJWT } from "jose";
import {
  freshHostedSecrets,
  type HostedPlatform,
  hostedVars,
  startHostedPlatform,
} from "../../../tools/local-platform/hosted-platform.ts";
import { testPort } from "../../../tools/local-platform/ports.ts";
import { type Listening, proxiedNodeEnv, startHostRelay, startHostsProxy } from "./hosted-network.ts";
import { startPlatform, waitForFreePort } from "./platform.ts";

/** Ports 8870-8875 belong to the rehearsal (test/e2e/production-rehearsal.test.ts). */
export const REHEARSAL_PORTS = {
  prd: testPort(8870),
  standIn: testPort(8871),
  relay: testPort(8872),
  proxy: testPort(8873),
};

/** stg beside it (startStagingBeside). */
export const STAGING_PORTS = { stg: testPort(8874), proxy: testPort(8875) };

/** What the operator would set in the provider's console and copy into wrangler.toml (made up here). */
const PROVIDER_SETTINGS = {
  IDP_API_KEY: "rehearsal-web-api-key",
  IDP_RECAPTCHA_SITE_KEY: "rehearsal-recaptcha-site-key",
};

export interface Rehearsal {
  prd: HostedPlatform;
  /** The dev build running the stand-ins: its dev IdP is at `${standIn.url}/idp`. */
  standIn: Awaited<ReturnType<typeof startPlatform>>;
  /** The environment's hosts (auth.example.com, ...). */
  hosts: string[];
  /** Chromium flags that lead the environment's hosts to the prd process. */
  browserArgs: string[];
  /** Environment of a Node process (the scenario CLI) that reaches the hosts as a person's machine would. */
  nodeEnv: Record<string, string>;
  /** What prd prints (its log lines), for a test that reads them. */
  output(): string;
  stop(): Promise<void>;
}

export async function startRehearsal(): Promise<Rehearsal> {
  for (const port of Object.values(REHEARSAL_PORTS)) await waitForFreePort(port);
  const prdVars = hostedVars("prd");
  const secrets = freshHostedSecrets(prdVars.IDP_PROJECT_ID ?? "example-game-prd");
  const apiHost = new URL(prdVars.API_URL ?? "").host;
  const stopping: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const step of stopping.reverse()) await step().catch(() => undefined);
  };
  try {
    const relay: Listening = await startHostRelay(REHEARSAL_PORTS.relay, { host: apiHost, port: REHEARSAL_PORTS.prd });
    stopping.push(relay.stop);
    const standIn = await startPlatform(REHEARSAL_PORTS.standIn, {
      vars: {
        ...secrets,
        IDP_PROJECT_ID: prdVars.IDP_PROJECT_ID ?? "",
        ...PROVIDER_SETTINGS,
        PAYMENTS_WEBHOOK_URL: `${relay.url}/webhook/payprov`,
      },
    });
    stopping.push(standIn.stop);
    for (const environment of ["prd", "stg"] as const) {
      await registerSocialRedirect(standIn.url, `${hostedVars(environment).AUTH_URL}/login/callback`);
    }
    let output = "";
    const prd = await startHostedPlatform("prd", REHEARSAL_PORTS.prd, {
      // Named in the key file as Google's key files name theirs (token_uri): the OAuth 2.0 token
      // endpoint of the provider's admin calls, here the stand-in's.
      secrets: {
        ...secrets,
        IDP_SERVICE_ACCOUNT: withTokenUri(secrets.IDP_SERVICE_ACCOUNT, `${standIn.url}/idp/oauth2/token`),
      },
      vars: {
        ...PROVIDER_SETTINGS,
        IDP_API_URL: `${standIn.url}/idp`,
        IDP_TOKEN_URL: `${standIn.url}/idp`,
        IDP_JWKS_URL: `${standIn.url}/idp/jwks`,
        STRIPE_API_URL: `${standIn.url}/payments`,
      },
      onOutput: (text) => {
        output += text;
      },
    });
    stopping.push(prd.stop);
    const hosts = Object.values(prd.urls).map((url) => new URL(url).hostname);
    const proxy = await startHostsProxy(
      REHEARSAL_PORTS.proxy,
      Object.fromEntries(hosts.map((host) => [host, prd.port])),
    );
    stopping.push(proxy.stop);
    return {
      prd,
      standIn,
      hosts,
      browserArgs: [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${prd.port}`).join(",")}`],
      nodeEnv: proxiedNodeEnv(proxy.url),
      output: () => output,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A service account's key file with `token_uri` set. */
function withTokenUri(keyFile: string, tokenUri: string): string {
  return JSON.stringify({ ...(JSON.parse(keyFile) as Record<string, unknown>), token_uri: tokenUri });
}

/** The stg build beside the rehearsal's prd, on the same local state: one CODE bucket, as in production. */
export interface Staging {
  stg: HostedPlatform;
  /** Environment of a Node process that reaches stg's hosts. */
  nodeEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts stg on prd's state folder: its own D1 databases, KV namespace and Durable Objects (other
 * ids and Worker name in wrangler.toml), but the one bucket both bind as CODE. Its identity
 * provider is the rehearsal's one stand-in, so stg takes that stand-in's project id and service
 * account here (a real stg has a provider project of its own).
 */
export async function startStagingBeside(
  rehearsal: Rehearsal,
  ports: { stg: number; proxy: number },
): Promise<Staging> {
  for (const port of Object.values(ports)) await waitForFreePort(port);
  const standIn = rehearsal.standIn.url;
  const stg = await startHostedPlatform("stg", ports.stg, {
    persistTo: rehearsal.prd.stateDir,
    // The stand-in knows one service account: the one whose custom tokens it checks.
    secrets: rehearsal.prd.secrets,
    vars: {
      ...PROVIDER_SETTINGS,
      IDP_PROJECT_ID: hostedVars("prd").IDP_PROJECT_ID ?? "",
      IDP_API_URL: `${standIn}/idp`,
      IDP_TOKEN_URL: `${standIn}/idp`,
      IDP_JWKS_URL: `${standIn}/idp/jwks`,
      STRIPE_API_URL: `${standIn}/payments`,
    },
  });
  const hosts = Object.values(stg.urls).map((url) => new URL(url).hostname);
  const proxy = await startHostsProxy(ports.proxy, Object.fromEntries(hosts.map((host) => [host, stg.port]))).catch(
    async (error: unknown) => {
      await stg.stop();
      throw error;
    },
  );
  return {
    stg,
    nodeEnv: proxiedNodeEnv(proxy.url),
    stop: async () => {
      await proxy.stop();
      await stg.stop();
    },
  };
}

/** A call of the stand-in identity provider's REST API with prd's web API key; its JSON answer. */
export async function standInCall<T>(rehearsal: Rehearsal, call: string, body: unknown): Promise<T> {
  const response = await fetch(`${rehearsal.standIn.url}/idp/v1/${call}?key=${PROVIDER_SETTINGS.IDP_API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the stand-in refused ${call}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An ID token of an account of the stand-in identity provider, signed in with its password. */
export async function standInIdToken(rehearsal: Rehearsal, email: string, password: string): Promise<string> {
  const response = await fetch(
    `${rehearsal.standIn.url}/idp/v1/accounts:signInWithPassword?key=${PROVIDER_SETTINGS.IDP_API_KEY}`,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`the stand-in refused ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

/** A new account of the stand-in identity provider (made as its sign-up API makes one) and its ID token. */
export async function standInNewAccount(rehearsal: Rehearsal): Promise<{ email: string; idToken: string }> {
  const email = `rehearsal-${Date.now()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${rehearsal.standIn.url}/idp/v1/accounts:signUp?key=${PROVIDER_SETTINGS.IDP_API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "rehearsal password", returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`the stand-in refused a sign-up: ${response.status} ${await response.text()}`);
  return { email, idToken: ((await response.json()) as { idToken: string }).idToken };
}

/**
 * An ID token of the stand-in's account uid as the stand-in signs them, from a sign-in at
 * `authTime` (seconds): what an attacker holds who stole one from an earlier sign-in. Signed with
 * the stand-in's own key, so prd verifies it like any of its ID tokens.
 */
export async function standInIdTokenSignedInAt(
  rehearsal: Rehearsal,
  account: { uid: string; email: string },
  authTime: number,
): Promise<string> {
  const jwk = JSON.parse(rehearsal.standIn.secrets.IDP_DEV_SIGNING_KEY ?? "{}") as { kid: string };
  const projectId = hostedVars("prd").IDP_PROJECT_ID ?? "";
  return new SignJWT({
    auth_time: authTime,
    user_id: account.uid,
    email: account.email,
    email_verified: false,
    firebase: { identities: { email: [account.email] }, sign_in_provider: "password" },
  })
    .setProtectedHeader({ alg: "RS256", kid: jwk.kid, typ: "JWT" })
    .setIssuer(`https://securetoken.google.com/${projectId}`)
    .setAudience(projectId)
    .setSubject(account.uid)
    .setIssuedAt(authTime)
    .setExpirationTime(authTime + 3600)
    .sign(await importJWK({ ...jwk, alg: "RS256" }, "RS256"));
}

/** Registers a social sign-in redirect URI with the stand-in, as in each provider's console (README "Deploy" 4). */
async function registerSocialRedirect(standIn: string, uri: string): Promise<void> {
  const response = await fetch(`${standIn}/idp/admin/social-redirect-uris`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ uri }),
  });
  if (!response.ok) throw new Error(`the stand-in refused the redirect URI ${uri}: ${response.status}`);
}
