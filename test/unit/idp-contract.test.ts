import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as loginRequests from "../../browser/pages/login/provider-requests";
import { exchangeCustomToken } from "../../browser/sign-in/custom-token";
import { refreshIdToken } from "../../browser/sign-in/refresh-token";
import { IDENTITY_TOOLKIT_CONTRACT } from "../../src/idp/identity-toolkit-contract";
import { signInAnswerSchema, signInWithCustomToken } from "../../src/idp/rest-client";
import {
  CONTRACT_FILE,
  CONTRACT_SOURCE,
  canonicalSha256,
  contractModule,
  contractTypes,
  CONTRACT_CALLS as GENERATOR_CALLS,
  TYPES_FILE,
} from "../../tools/build/idp-contract";
import { projectRoot } from "../../tools/local-platform/wrangler-env";
import { DEV_IDP_REQUESTS } from "../../workers/dev-idp/request-schemas";
import {
  type ContractCall,
  formBody,
  requestProblems,
  requestProperties,
  responseProblems,
} from "../identity-toolkit-contract";

const contract = IDENTITY_TOOLKIT_CONTRACT;

/** The file as `npm run gen:idp-contract` leaves it: the generator's text, formatted by biome. */
function formatted(file: string, text: string): string {
  const biome = path.join(projectRoot, "node_modules/.bin/biome");
  const result = spawnSync(biome, ["format", `--stdin-file-path=${file}`], { input: text, encoding: "utf8" });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe("the identity provider's contract is not stale against its recorded source", () => {
  it("records the firebase-tools version the generator pins (bump it there, then run gen:idp-contract)", () => {
    expect({ package: contract.source.package, version: contract.source.version, file: contract.source.file }).toEqual(
      CONTRACT_SOURCE,
    );
    expect(contract.source.documentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("covers the calls the generator lists, and nothing else", () => {
    const calls = Object.fromEntries(
      Object.entries(contract.calls).map(([name, call]) => [name, { path: call.path, httpMethod: call.httpMethod }]),
    );
    expect(calls).toEqual(GENERATOR_CALLS);
  });

  it("holds what the generator wrote: its content hash, and both files as the generator writes them", () => {
    expect(canonicalSha256({ calls: contract.calls, definitions: contract.definitions })).toBe(
      contract.source.contentSha256,
    );
    const asWritten = JSON.parse(JSON.stringify(contract));
    expect(readFileSync(CONTRACT_FILE, "utf8")).toBe(formatted(CONTRACT_FILE, contractModule(asWritten)));
    expect(readFileSync(TYPES_FILE, "utf8")).toBe(formatted(TYPES_FILE, contractTypes(asWritten)));
  });

  it("the validator holds a client to it: a field it lacks and a missing required one are refused", () => {
    expect(requestProblems("signInWithPassword", { email: "a@example.com", password: "p" })).toEqual([]);
    expect(requestProblems("signInWithPassword", { email: "a@example.com", password: "p", remember: true })).toEqual([
      "(body) must NOT have additional properties (remember)",
    ]);
    expect(requestProblems("signInWithPassword", { email: "a@example.com" })).toEqual([
      "(body) must have required property 'password' (password)",
    ]);
    expect(responseProblems("token", { id_token: "t", project_id: "my-project" })).toEqual([
      '/project_id must match format "int64"',
    ]);
  });
});

/** A fetch that answers `answer` and keeps the request it was given. */
function fetchAnswering(answer: unknown): { fetch: (request: Request) => Promise<Response>; seen: Request[] } {
  const seen: Request[] = [];
  return {
    seen,
    fetch: async (request: Request) => {
      seen.push(request);
      return Response.json(answer);
    },
  };
}

// An answer of each call with only the contract's fields (checked below), so a client that needed
// another field would fail on it.
const CUSTOM_TOKEN_ANSWER = {
  kind: "identitytoolkit#VerifyCustomTokenResponse",
  idToken: "id-token",
  refreshToken: "refresh-token",
  expiresIn: "3600",
  isNewUser: false,
};
const REFRESH_ANSWER = {
  access_token: "id-token-2",
  expires_in: "3600",
  token_type: "Bearer",
  refresh_token: "refresh-token-2",
  id_token: "id-token-2",
  user_id: "uid-1",
  project_id: "1234567890",
};

describe("every call the platform makes is the contract's", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("the adapter's custom-token exchange (src/idp): its request, and an answer of only the contract's fields", async () => {
    expect(responseProblems("signInWithCustomToken", CUSTOM_TOKEN_ANSWER)).toEqual([]);
    const provider = fetchAnswering(CUSTOM_TOKEN_ANSWER);
    const session = await signInWithCustomToken(provider.fetch, { apiUrl: "https://idp.test", apiKey: "k" }, "ct");
    expect(session).toEqual({ idToken: "id-token", refreshToken: "refresh-token", expiresIn: 3600 });
    const [request] = provider.seen;
    expect(new URL(request?.url ?? "").pathname).toBe(contract.calls.signInWithCustomToken.path);
    expect(requestProblems("signInWithCustomToken", await request?.json())).toEqual([]);
    const read = Object.keys(signInAnswerSchema.shape);
    expect(
      read.filter(
        (field) => !(field in contract.definitions[contract.calls.signInWithCustomToken.response].properties),
      ),
    ).toEqual([]);
  });

  it("the pages' custom-token exchange (browser/sign-in)", async () => {
    const provider = fetchAnswering(CUSTOM_TOKEN_ANSWER);
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => provider.fetch(new Request(url, init)));
    expect(await exchangeCustomToken({ apiUrl: "https://idp.test", apiKey: "k" }, "ct")).toEqual({
      idToken: "id-token",
      refreshToken: "refresh-token",
      expiresIn: "3600",
    });
    expect(requestProblems("signInWithCustomToken", await provider.seen[0]?.json())).toEqual([]);
  });

  it("the securetoken refresh (the store page): a form of the contract's fields, and its answer", async () => {
    expect(responseProblems("token", REFRESH_ANSWER)).toEqual([]);
    const provider = fetchAnswering(REFRESH_ANSWER);
    vi.stubGlobal("fetch", (url: string, init: RequestInit) => provider.fetch(new Request(url, init)));
    expect(await refreshIdToken({ tokenUrl: "https://token.test", apiKey: "k" }, "refresh-token")).toEqual({
      idToken: "id-token-2",
      refreshToken: "refresh-token-2",
      expiresIn: "3600",
    });
    const [request] = provider.seen;
    expect(new URL(request?.url ?? "").pathname).toBe(contract.calls.token.path);
    expect(request?.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(contract.calls.token.requestMediaTypes).toContain("application/x-www-form-urlencoded");
    expect(requestProblems("token", formBody(new URLSearchParams(await request?.text())))).toEqual([]);
  });

  it("the login page's bodies: password, phone code and sign-in, social start and return, link, delete", () => {
    const bodies: [ContractCall, unknown][] = [
      ["signInWithPassword", loginRequests.passwordSignIn("a@example.com", "secret")],
      ["sendVerificationCode", loginRequests.phoneCodeRequest("+15550100000", "recaptcha-token")],
      ["signInWithPhoneNumber", loginRequests.phoneSignIn("session-info", "123456")],
      ["createAuthUri", loginRequests.socialStart("google.com", "https://auth.test/login/callback")],
      [
        "signInWithIdp",
        loginRequests.socialSignIn("https://auth.test/login/callback?code=c&state=s", "session-id", null),
      ],
      [
        "signInWithIdp",
        loginRequests.socialSignIn("https://auth.test/login/callback?code=c&state=s", "session-id", "id-token"),
      ],
      ["signInWithCustomToken", loginRequests.customTokenSignIn("custom-token")],
      ["delete", loginRequests.accountDeletion("id-token")],
    ];
    for (const [call, body] of bodies) expect(requestProblems(call, body), call).toEqual([]);
  });
});

describe("the dev IdP's request schemas take only the contract's fields", () => {
  const JSON_TYPES: Record<string, string> = { string: "string", boolean: "boolean", array: "array" };

  for (const [call, schema] of Object.entries(DEV_IDP_REQUESTS) as [ContractCall, z.ZodObject][]) {
    it(`${call}: each field is the contract's, of its type, and the contract's required fields are there`, () => {
      const accepted = (z.toJSONSchema(schema).properties ?? {}) as Record<string, { type?: string }>;
      const contractFields = requestProperties(call);
      const foreign = Object.entries(accepted)
        .filter(([field, { type }]) => contractFields[field]?.type !== JSON_TYPES[type ?? ""])
        .map(([field, { type }]) => `${field}: ${type}`);
      expect(foreign).toEqual([]);
      // A body with every field the dev IdP takes is one the contract takes.
      const every = Object.fromEntries(
        Object.entries(accepted).map(([field, { type }]) => [
          field,
          type === "boolean" ? true : type === "array" ? ["x"] : field === "validSince" ? "1700000000" : "x",
        ]),
      );
      expect(requestProblems(call, every)).toEqual([]);
    });
  }
});
