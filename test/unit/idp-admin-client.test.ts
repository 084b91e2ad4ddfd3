import { generateKeyPairSync } from "node:crypto";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { AdminClient } from "../../src/idp/admin-client";
import { ADMIN_SCOPE, AdminAccessTokens, JWT_BEARER_GRANT } from "../../src/idp/admin-token";
import { IdpError } from "../../src/idp/identity-provider";
import { IDENTITY_TOOLKIT_CONTRACT } from "../../src/idp/identity-toolkit-contract";
import { revocationOf } from "../../src/idp/revocation";
import { ServiceAccountKey } from "../../src/idp/service-account-key";
import { requestProblems, responseProblems } from "../identity-toolkit-contract";

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const key = new ServiceAccountKey({ clientEmail: "sa@example-prd.iam", privateKey: pem, tokenUri: null });
const TOKEN_URL = "https://oauth2.example/token";
const endpoint = { apiUrl: "https://idp.example", projectId: "example-prd" };

/** A provider answering the token endpoint and the admin calls from `answers`, keeping what it was sent. */
function provider(answers: { lookup?: () => Response; update?: () => Response; token?: () => Response } = {}) {
  const seen: Request[] = [];
  let issued = 0;
  const fetcher = async (request: Request) => {
    seen.push(request.clone());
    if (request.url === TOKEN_URL) {
      issued += 1;
      return (
        answers.token?.() ?? Response.json({ access_token: `at-${issued}`, expires_in: 3599, token_type: "Bearer" })
      );
    }
    if (request.url.endsWith(":lookup")) return answers.lookup?.() ?? Response.json({ kind: "k" });
    return answers.update?.() ?? Response.json({ kind: "k", localId: "u" });
  };
  return { fetcher, seen, issued: () => issued };
}

function client(fetcher: (request: Request) => Promise<Response>, now = () => 1_800_000_000) {
  return new AdminClient(endpoint, fetcher, new AdminAccessTokens(key, TOKEN_URL, fetcher, now));
}

async function idpError(promise: Promise<unknown>): Promise<IdpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdpError) return error;
    throw error;
  }
  throw new Error("expected an IdpError");
}

describe("the provider's admin calls (revocation checks)", () => {
  it("trades a service-account assertion for an access token (RFC 7523) and looks the account up by uid with it", async () => {
    const answer = {
      kind: "identitytoolkit#GetAccountInfoResponse",
      users: [{ localId: "u1", validSince: "1799999000", disabled: false, createdAt: "1700000000000" }],
    };
    expect(responseProblems("adminLookup", answer)).toEqual([]);
    const idp = provider({ lookup: () => Response.json(answer) });
    expect(await client(idp.fetcher).accountState("u1")).toEqual({ validSince: 1_799_999_000, disabled: false });

    const [trade, lookup] = idp.seen;
    const form = new URLSearchParams(await trade?.text());
    expect(form.get("grant_type")).toBe(JWT_BEARER_GRANT);
    expect(decodeJwt(form.get("assertion") ?? "")).toMatchObject({
      iss: "sa@example-prd.iam",
      aud: TOKEN_URL,
      scope: ADMIN_SCOPE,
      iat: 1_800_000_000,
      exp: 1_800_003_600,
    });
    const path = IDENTITY_TOOLKIT_CONTRACT.calls.adminLookup.path.replace("{targetProjectId}", "example-prd");
    expect(lookup?.url).toBe(`https://idp.example${path}`);
    expect(lookup?.headers.get("authorization")).toBe("Bearer at-1");
    expect(new URL(lookup?.url ?? "").search).toBe("");
    expect(requestProblems("adminLookup", await lookup?.json())).toEqual([]);
  });

  it("answers null for a uid the provider does not know (an answer without users)", async () => {
    expect(await client(provider().fetcher).accountState("nobody")).toBeNull();
  });

  it("sets tokens-valid-after by uid with a body of the contract, and leaves an unknown account alone", async () => {
    const idp = provider();
    await client(idp.fetcher).setValidSince("u1", 1_800_000_123.9);
    const update = idp.seen.at(-1);
    expect(update?.url).toBe(
      `https://idp.example${IDENTITY_TOOLKIT_CONTRACT.calls.adminUpdate.path.replace("{targetProjectId}", "example-prd")}`,
    );
    const body = await update?.json();
    expect(body).toEqual({ localId: "u1", validSince: "1800000123" });
    expect(requestProblems("adminUpdate", body)).toEqual([]);

    const gone = provider({
      update: () => Response.json({ error: { code: 400, message: "USER_NOT_FOUND" } }, { status: 400 }),
    });
    await expect(client(gone.fetcher).setValidSince("nobody", 1)).resolves.toBeUndefined();
  });

  it("keeps the access token until five minutes before it expires, then trades a new one", async () => {
    let now = 1_800_000_000;
    const idp = provider();
    const admin = client(idp.fetcher, () => now);
    await admin.accountState("u1");
    now += 3599 - 301;
    await admin.accountState("u1");
    expect(idp.issued()).toBe(1);
    now += 2;
    await admin.accountState("u1");
    expect(idp.issued()).toBe(2);
  });

  it("trades a new access token once when the provider refuses the kept one (HTTP 401)", async () => {
    let refusals = 1;
    const idp = provider({
      lookup: () =>
        refusals-- > 0
          ? Response.json({ error: { code: 401, status: "UNAUTHENTICATED", message: "x" } }, { status: 401 })
          : Response.json({ users: [{ localId: "u1" }] }),
    });
    expect(await client(idp.fetcher).accountState("u1")).toEqual({ validSince: null, disabled: false });
    expect(idp.issued()).toBe(2);
  });

  it.each([
    [
      "the token endpoint refuses the assertion",
      { token: () => Response.json({ error: "invalid_grant" }, { status: 400 }) },
      "admin_call_refused",
    ],
    ["the token endpoint is down", { token: () => new Response("busy", { status: 503 }) }, "provider_unavailable"],
    [
      "the lookup is refused",
      { lookup: () => Response.json({ error: { code: 403, message: "PERMISSION_DENIED" } }, { status: 403 }) },
      "admin_call_refused",
    ],
    ["the lookup fails", { lookup: () => new Response("oops", { status: 500 }) }, "provider_unavailable"],
    ["the lookup answers nonsense", { lookup: () => Response.json({ users: "x" }) }, "provider_unavailable"],
  ] as const)("reports that %s as %s", async (_, answers, code) => {
    expect((await idpError(client(provider(answers).fetcher).accountState("u1"))).code).toBe(code);
  });
});

describe("revocationOf (the admin SDK's checkRevoked rule)", () => {
  it("refuses a gone or disabled account and a sign-in before tokens-valid-after; the same second stands", () => {
    expect(revocationOf(100, null)).toBe("account_not_found");
    expect(revocationOf(100, { validSince: null, disabled: true })).toBe("account_disabled");
    expect(revocationOf(99, { validSince: 100, disabled: false })).toBe("signed_in_before_revocation");
    expect(revocationOf(100, { validSince: 100, disabled: false })).toBeNull();
    expect(revocationOf(100, { validSince: null, disabled: false })).toBeNull();
  });
});

describe("the provider's account, as the operator console shows it", () => {
  const answer = {
    kind: "identitytoolkit#GetAccountInfoResponse",
    users: [
      {
        localId: "u1",
        email: "Player@Example.com",
        emailVerified: true,
        phoneNumber: "+818012345678",
        providerUserInfo: [{ providerId: "password" }, { providerId: "google.com" }],
        createdAt: "1700000000000",
        lastLoginAt: "1700000500000",
        validSince: "1700000100",
        customAttributes: JSON.stringify({ admin: true }),
      },
    ],
  };

  it("reads the account by uid: email, phone, the sign-in methods (phone included), times, claims", async () => {
    expect(responseProblems("adminLookup", answer)).toEqual([]);
    const idp = provider({ lookup: () => Response.json(answer) });
    expect(await client(idp.fetcher).account({ uid: "u1" })).toEqual({
      uid: "u1",
      email: "Player@Example.com",
      emailVerified: true,
      phoneNumber: "+818012345678",
      providers: ["password", "google.com", "phone"],
      createdAt: 1_700_000_000_000,
      lastSignInAt: 1_700_000_500_000,
      validSince: 1_700_000_100,
      disabled: false,
      customClaims: { admin: true },
    });
    const lookup = idp.seen.find((request) => request.url.endsWith(":lookup"));
    expect(await lookup?.json()).toEqual({ localId: ["u1"] });
  });

  it("looks an email up as the contract spells it, matching it case aside; none is null", async () => {
    const idp = provider({ lookup: () => Response.json(answer) });
    expect((await client(idp.fetcher).account({ email: "player@example.com" }))?.uid).toBe("u1");
    const lookup = idp.seen.find((request) => request.url.endsWith(":lookup"));
    const body = await lookup?.json();
    expect(requestProblems("adminLookup", body)).toEqual([]);
    expect(body).toEqual({ email: ["player@example.com"] });
    const none = provider({ lookup: () => Response.json({ kind: "identitytoolkit#GetAccountInfoResponse" }) });
    expect(await client(none.fetcher).account({ email: "nobody@example.com" })).toBeNull();
  });

  it("claims that are no JSON object are no claims", async () => {
    const odd = { users: [{ localId: "u1", customAttributes: "not json" }] };
    const idp = provider({ lookup: () => Response.json(odd) });
    expect((await client(idp.fetcher).account({ uid: "u1" }))?.customClaims).toEqual({});
  });
});
