import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { APP_TARGET, AUTH, json, newUser, openLoginPage, pkcePair, platform, STORE_TARGET } from "../auth-support";
import { twoPlayers } from "../rooms/support";
import { capturedLines } from "./log-capture";

/** What must not appear in any log line, whatever field it would be in. */
const FORBIDDEN_SHAPES: [string, RegExp][] = [
  ["a query string", /\?[A-Za-z_]+=/],
  ["an e-mail address", /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]/],
  ["a JWT (ID token, custom token)", /eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/],
  ["a private key", /PRIVATE KEY/],
];

describe("log lines of a full sign-in and a room game", () => {
  it("carry no query string, e-mail address, token, code or secret", async () => {
    const secrets: string[] = [env.IDP_SERVICE_ACCOUNT, env.IDP_DEV_SIGNING_KEY];
    const { raw, lines } = await capturedLines(async () => {
      // Web sign-in: login page, callback (a sign-up with consent), session cookie.
      const web = await newUser();
      secrets.push(web.email, web.idToken);
      const login = await openLoginPage(platform, { redirect_uri: STORE_TARGET, client_id: "store" });
      const signedIn = await platform(
        `${AUTH}/api/callback`,
        json(
          {
            state: login.state,
            id_token: web.idToken,
            sign_up: true,
            consented_document_keys: ["app_terms", "privacy"],
          },
          { cookie: login.nonceCookie, origin: "http://localhost:8787" },
        ),
      );
      expect(signedIn.status).toBe(200);
      const webTarget = new URL((await signedIn.json<{ redirect_to: string }>()).redirect_to);
      secrets.push(webTarget.searchParams.get("idpAuthCustomToken") ?? "missing");

      // App sign-in: PKCE code through the login page, then /api/token.
      const app = await newUser();
      const pkce = await pkcePair();
      secrets.push(app.email, app.idToken, pkce.verifier);
      const appLogin = await openLoginPage(platform, {
        redirect_uri: APP_TARGET,
        client_id: "mobile",
        code_challenge: pkce.challenge,
        code_challenge_method: "S256",
      });
      const appCallback = await platform(
        `${AUTH}/api/callback`,
        json({ state: appLogin.state, id_token: app.idToken }, { cookie: appLogin.nonceCookie }),
      );
      const code = new URL((await appCallback.json<{ redirect_to: string }>()).redirect_to).searchParams.get("code");
      secrets.push(code ?? "missing");
      const token = await platform(`${AUTH}/api/token`, json({ code, code_verifier: pkce.verifier }));
      expect(token.status).toBe(200);
      secrets.push((await token.json<{ custom_token: string }>()).custom_token);
      // A wrong verifier: an error path logs too.
      await platform(`${AUTH}/api/token`, json({ code, code_verifier: pkce.verifier }));

      // A room game: two seats, actions, one refused.
      const { alice, bob } = await twoPlayers("counter");
      await alice.act("add", { n: 1 }, 1);
      await bob.act("add", { n: 2 }, 1);
      expect(await alice.act("explode", {}, 2)).toMatchObject({ type: "__action_error" });
      alice.close();
      bob.close();
    });

    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      // Every line, the room's included, names the request it belongs to.
      expect(line).toMatchObject({
        severity: expect.any(String),
        message: expect.any(String),
        app: expect.any(String),
        environment: "dev",
        requestId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
      });
    }
    const all = raw.join("\n");
    for (const [what, shape] of FORBIDDEN_SHAPES) expect(all, `a log line holds ${what}`).not.toMatch(shape);
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
