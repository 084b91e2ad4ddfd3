import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isDocumentedError } from "../../src/idp/identity-toolkit-errors";
import { identityProviderFor } from "../../src/worker-kit/providers";
import { SEED_PASSWORD } from "../../workers/dev-idp/seed";
import { type ContractCall, responseProblems } from "../identity-toolkit-contract";
import {
  API_KEY,
  adminPost,
  CALLBACK,
  config,
  IDP,
  idpPost,
  LOGIN,
  PROJECT_ID,
  refresh,
  socialRoundTrip,
} from "./helpers/dev-idp";

// The dev IdP against the identity provider's contract (Google's Identity Toolkit v1 document,
// src/idp/identity-toolkit-contract.ts): its answers are the contract's shapes, it takes no field
// the contract lacks, and it refuses only with codes Google documents for the call.

const PATHS: Record<ContractCall, string> = {
  signInWithCustomToken: "/v1/accounts:signInWithCustomToken",
  signInWithPassword: "/v1/accounts:signInWithPassword",
  signUp: "/v1/accounts:signUp",
  sendVerificationCode: "/v1/accounts:sendVerificationCode",
  signInWithPhoneNumber: "/v1/accounts:signInWithPhoneNumber",
  createAuthUri: "/v1/accounts:createAuthUri",
  signInWithIdp: "/v1/accounts:signInWithIdp",
  lookup: "/v1/accounts:lookup",
  update: "/v1/accounts:update",
  delete: "/v1/accounts:delete",
  recaptchaParams: "/v1/recaptchaParams",
  token: "/v1/token",
  adminLookup: `/v1/projects/${PROJECT_ID}/accounts:lookup`,
  adminUpdate: `/v1/projects/${PROJECT_ID}/accounts:update`,
};

/** The admin calls take the service account's OAuth 2.0 access token, every other call the API key. */
const ADMIN_CALLS: Partial<Record<ContractCall, "lookup" | "update">> = {
  adminLookup: "lookup",
  adminUpdate: "update",
};

const post = (call: ContractCall, body: unknown) => {
  const admin = ADMIN_CALLS[call];
  return admin ? adminPost(admin, body) : idpPost(PATHS[call], body);
};

/** The answer of a successful call, checked against the call's response schema. */
async function answer<T = Record<string, string>>(call: ContractCall, res: Response): Promise<T> {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(responseProblems(call, body), `${call} answered ${JSON.stringify(body)}`).toEqual([]);
  return body as T;
}

async function widgetToken(): Promise<string> {
  const res = await idpPost("/recaptcha/token", { siteKey: config.idp.recaptchaSiteKey }, "");
  return ((await res.json()) as { token: string }).token;
}

let accounts = 0;
function newEmail(): string {
  accounts += 1;
  return `contract-${Date.now()}-${accounts}@example.com`;
}

async function signedUp(): Promise<{ idToken: string; refreshToken: string; localId: string; email: string }> {
  const email = newEmail();
  const body = await answer<{ idToken: string; refreshToken: string; localId: string }>(
    "signUp",
    await post("signUp", { email, password: "contract-secret", returnSecureToken: true }),
  );
  return { ...body, email };
}

async function phoneSession(phoneNumber: string): Promise<string> {
  const sent = await answer<{ sessionInfo: string }>(
    "sendVerificationCode",
    await post("sendVerificationCode", { phoneNumber, recaptchaToken: await widgetToken() }),
  );
  return sent.sessionInfo;
}

describe("dev IdP answers are the contract's", () => {
  it("signInWithCustomToken, signInWithPassword, signUp, lookup", async () => {
    const customToken = await identityProviderFor(env, config).createCustomToken(`contract-${Date.now()}`);
    await answer(
      "signInWithCustomToken",
      await post("signInWithCustomToken", { token: customToken, returnSecureToken: true }),
    );
    await answer(
      "signInWithPassword",
      await post("signInWithPassword", {
        email: "premium@example.com",
        password: SEED_PASSWORD,
        returnSecureToken: true,
      }),
    );
    const user = await signedUp();
    await answer("lookup", await post("lookup", { idToken: user.idToken }));
  });

  it("update and delete", async () => {
    const user = await signedUp();
    const updated = await answer<{ idToken: string }>(
      "update",
      await post("update", { idToken: user.idToken, password: "contract-secret-2", returnSecureToken: true }),
    );
    await answer("delete", await post("delete", { idToken: updated.idToken }));
  });

  it("the admin calls: lookup by uid (an unknown one too), revoke and disable by uid", async () => {
    const user = await signedUp();
    const found = await answer<{ users: { localId: string }[] }>(
      "adminLookup",
      await post("adminLookup", { localId: [user.localId] }),
    );
    expect(found.users.map((u) => u.localId)).toEqual([user.localId]);
    const none = await answer<Record<string, unknown>>(
      "adminLookup",
      await post("adminLookup", { localId: ["nobody"] }),
    );
    expect(none.users).toBeUndefined();
    await answer(
      "adminUpdate",
      await post("adminUpdate", { localId: user.localId, validSince: String(Math.floor(Date.now() / 1000)) }),
    );
    await answer("adminUpdate", await post("adminUpdate", { localId: user.localId, disableUser: true }));
    const disabled = await answer<{ users: { disabled?: boolean; validSince?: string }[] }>(
      "adminLookup",
      await post("adminLookup", { localId: [user.localId] }),
    );
    expect(disabled.users[0]).toMatchObject({ disabled: true, validSince: expect.stringMatching(/^\d+$/) });
  });

  it("sendVerificationCode and signInWithPhoneNumber", async () => {
    const sessionInfo = await phoneSession("+15550109001");
    await answer("signInWithPhoneNumber", await post("signInWithPhoneNumber", { sessionInfo, code: "123456" }));
  });

  it("createAuthUri and signInWithIdp: a sign-in, a link and an email that needs confirmation", async () => {
    await answer("createAuthUri", await post("createAuthUri", { providerId: "google.com", continueUri: CALLBACK }));
    const signIn = await socialRoundTrip("google.com", newEmail());
    await answer(
      "signInWithIdp",
      await post("signInWithIdp", { ...signIn, returnSecureToken: true, returnIdpCredential: true }),
    );

    const owner = await signedUp();
    const confirm = await socialRoundTrip("twitter.com", owner.email);
    const confirmation = await answer<{ needConfirmation?: boolean }>(
      "signInWithIdp",
      await post("signInWithIdp", { ...confirm, returnSecureToken: true }),
    );
    expect(confirmation.needConfirmation).toBe(true);
    const link = await socialRoundTrip("twitter.com", owner.email);
    await answer(
      "signInWithIdp",
      await post("signInWithIdp", { ...link, idToken: owner.idToken, returnSecureToken: true }),
    );
  });

  it("the securetoken refresh and recaptchaParams", async () => {
    const user = await signedUp();
    await answer("token", await refresh(user.refreshToken));
    await answer("recaptchaParams", await exports.default.fetch(`${IDP}/v1/recaptchaParams?key=${API_KEY}`));
  });
});

describe("dev IdP requests are the contract's", () => {
  // A body the call takes, for the checks below to add to or take from.
  const valid: Partial<Record<ContractCall, () => Promise<Record<string, unknown>>>> = {
    signInWithPassword: async () => ({ email: "user@example.com", password: SEED_PASSWORD, returnSecureToken: true }),
    signUp: async () => ({ email: newEmail(), password: "contract-secret" }),
    signInWithCustomToken: async () => ({
      token: await identityProviderFor(env, config).createCustomToken(`contract-${Date.now()}`),
    }),
    createAuthUri: async () => ({ providerId: "google.com", continueUri: CALLBACK }),
    lookup: async () => ({ idToken: (await signedUp()).idToken }),
    sendVerificationCode: async () => ({ phoneNumber: "+15550109002", recaptchaToken: await widgetToken() }),
    signInWithPhoneNumber: async () => ({ sessionInfo: await phoneSession("+15550109003"), code: "123456" }),
    signInWithIdp: async () => socialRoundTrip("google.com", newEmail()),
    update: async () => ({ idToken: (await signedUp()).idToken }),
    delete: async () => ({ idToken: (await signedUp()).idToken }),
    adminLookup: async () => ({ localId: [(await signedUp()).localId] }),
    adminUpdate: async () => ({ localId: (await signedUp()).localId }),
  };

  for (const [call, body] of Object.entries(valid) as [ContractCall, () => Promise<Record<string, unknown>>][]) {
    it(`${call} refuses a field the contract lacks, and a field of the wrong type, as Google's JSON parser does`, async () => {
      const unknown = await post(call, { ...(await body()), notInTheContract: "x" });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe(
        'Invalid JSON payload received. Unknown name "notInTheContract": Cannot find field.',
      );
      const fields = await body();
      const [first] = Object.keys(fields);
      const wrongType = await post(call, { ...fields, [first as string]: { not: "a string" } });
      expect(wrongType.status).toBe(400);
      expect(((await wrongType.json()) as { error: { message: string } }).error.message).toMatch(
        /^Invalid JSON payload received\. Invalid value at '/,
      );
    });
  }

  it("the refresh takes its fields by either name, and refuses one the contract lacks", async () => {
    const user = await signedUp();
    const json = await exports.default.fetch(`${IDP}/v1/token?key=${API_KEY}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grantType: "refresh_token", refreshToken: user.refreshToken }),
    });
    await answer("token", json);
    const unknown = await exports.default.fetch(`${IDP}/v1/token?key=${API_KEY}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: user.refreshToken, scope: "x" }),
    });
    expect(unknown.status).toBe(400);
  });
});

describe("dev IdP refusals are the codes Google documents for the call", () => {
  const refusals: [ContractCall, () => Promise<unknown>][] = [
    ["signInWithCustomToken", async () => ({})],
    ["signInWithCustomToken", async () => ({ token: "not-a-jwt" })],
    ["signInWithPassword", async () => ({})],
    ["signInWithPassword", async () => ({ email: "not-an-email", password: "x" })],
    ["signInWithPassword", async () => ({ email: "user@example.com" })],
    ["signInWithPassword", async () => ({ email: newEmail(), password: "x" })],
    ["signInWithPassword", async () => ({ email: "user@example.com", password: "wrong" })],
    ["signUp", async () => ({})],
    ["signUp", async () => ({ email: "not-an-email", password: "contract-secret" })],
    ["signUp", async () => ({ email: newEmail() })],
    ["signUp", async () => ({ email: newEmail(), password: "short" })],
    ["signUp", async () => ({ email: "user@example.com", password: "contract-secret" })],
    ["sendVerificationCode", async () => ({})],
    ["sendVerificationCode", async () => ({ phoneNumber: "0123" })],
    ["sendVerificationCode", async () => ({ phoneNumber: "+15550109004" })],
    ["sendVerificationCode", async () => ({ phoneNumber: "+15550109004", recaptchaToken: "made-up" })],
    ["signInWithPhoneNumber", async () => ({})],
    ["signInWithPhoneNumber", async () => ({ sessionInfo: "unknown" })],
    ["signInWithPhoneNumber", async () => ({ sessionInfo: "unknown", code: "123456" })],
    ["signInWithPhoneNumber", async () => ({ sessionInfo: await phoneSession("+15550109005"), code: "000000" })],
    ["createAuthUri", async () => ({})],
    ["createAuthUri", async () => ({ providerId: "example.com", continueUri: CALLBACK })],
    ["createAuthUri", async () => ({ providerId: "google.com" })],
    ["createAuthUri", async () => ({ providerId: "google.com", continueUri: "https://elsewhere.example/" })],
    ["createAuthUri", async () => ({ providerId: "google.com", continueUri: LOGIN })],
    ["createAuthUri", async () => ({ providerId: "google.com", continueUri: "not a url" })],
    ["signInWithIdp", async () => ({})],
    ["signInWithIdp", async () => ({ requestUri: LOGIN })],
    ["signInWithIdp", async () => ({ requestUri: (await socialRoundTrip("google.com", newEmail())).requestUri })],
    ["signInWithIdp", async () => ({ requestUri: `${CALLBACK}?code=unknown`, sessionId: "unknown" })],
    ["signInWithIdp", async () => ({ ...(await socialRoundTrip("google.com", newEmail())), idToken: "x" })],
    ["lookup", async () => ({})],
    ["lookup", async () => ({ idToken: "x" })],
    ["update", async () => ({})],
    ["update", async () => ({ idToken: "x" })],
    ["update", async () => ({ idToken: (await signedUp()).idToken, email: "not-an-email" })],
    ["update", async () => ({ idToken: (await signedUp()).idToken, password: "short" })],
    ["update", async () => ({ idToken: (await signedUp()).idToken, email: "user@example.com" })],
    ["adminUpdate", async () => ({})],
    ["adminUpdate", async () => ({ localId: "nobody" })],
    ["delete", async () => ({})],
    ["delete", async () => ({ idToken: "x" })],
  ];

  it.each(refusals.map(([call, body], index) => [call, index, body] as const))(
    "%s (case %i)",
    async (call, _index, body) => {
      const res = await post(call, await body());
      const { error } = (await res.json()) as { error: { message: string } };
      expect(res.status).toBe(400);
      expect(isDocumentedError(call, error.message), `${call}: ${error.message}`).toBe(true);
    },
  );

  it("the refresh: no grant type, another grant type, no or an unknown refresh token", async () => {
    for (const res of [
      await refresh("x", ""),
      await refresh("x", "authorization_code"),
      await refresh(""),
      await refresh("unknown"),
    ]) {
      const { error } = (await res.json()) as { error: { message: string } };
      expect(res.status).toBe(400);
      expect(isDocumentedError("token", error.message), error.message).toBe(true);
    }
  });

  it("the admin calls without a valid access token: 401 UNAUTHENTICATED, as Google's front end answers", async () => {
    for (const call of ["lookup", "update"] as const) {
      // Neither garbage nor a user's ID token (signed by the same key) is an access token.
      for (const token of ["not-a-token", (await signedUp()).idToken]) {
        const res = await adminPost(call, { localId: "dev-user" }, token);
        const { error } = (await res.json()) as { error: { message: string; status: string } };
        expect(res.status, call).toBe(401);
        expect(error.status).toBe("UNAUTHENTICATED");
        expect(isDocumentedError(call === "lookup" ? "adminLookup" : "adminUpdate", error.message)).toBe(true);
      }
    }
  });

  it("a body that is not JSON and a wrong API key, on every call", async () => {
    for (const call of Object.keys(PATHS) as ContractCall[]) {
      if (call === "recaptchaParams" || ADMIN_CALLS[call]) continue;
      const notJson = await exports.default.fetch(`${IDP}${PATHS[call]}?key=${API_KEY}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      const wrongKey = await idpPost(PATHS[call], {}, "wrong-key");
      for (const res of [notJson, wrongKey]) {
        const { error } = (await res.json()) as { error: { message: string } };
        expect(res.status, call).toBe(400);
        expect(isDocumentedError(call, error.message), `${call}: ${error.message}`).toBe(true);
      }
    }
  });
});
