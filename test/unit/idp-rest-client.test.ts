import { generateKeyPairSync } from "node:crypto";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { CustomTokenSigner } from "../../src/idp/custom-token";
import { IdpError } from "../../src/idp/identity-provider";
import { signInWithCustomToken } from "../../src/idp/rest-client";

const endpoint = { apiUrl: "https://idp.example/api", apiKey: "web key" };

async function idpErrorOf(promise: Promise<unknown>): Promise<IdpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof IdpError) return error;
    throw error;
  }
  throw new Error("expected an IdpError");
}

describe("signInWithCustomToken (REST call to the provider)", () => {
  it("posts {token, returnSecureToken} to accounts:signInWithCustomToken with the API key", async () => {
    let seen: Request | undefined;
    const session = await signInWithCustomToken(
      async (request) => {
        seen = request;
        return Response.json({ idToken: "id", refreshToken: "refresh", expiresIn: "3600", isNewUser: false });
      },
      endpoint,
      "custom-token",
    );
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe("https://idp.example/api/v1/accounts:signInWithCustomToken?key=web%20key");
    expect(await seen?.json()).toEqual({ token: "custom-token", returnSecureToken: true });
    expect(session).toEqual({ idToken: "id", refreshToken: "refresh", expiresIn: 3600 });
  });

  it("turns the provider's 400 into custom_token_rejected with its reason", async () => {
    const error = await idpErrorOf(
      signInWithCustomToken(
        async () => Response.json({ error: { code: 400, message: "INVALID_CUSTOM_TOKEN" } }, { status: 400 }),
        endpoint,
        "t",
      ),
    );
    expect(error.code).toBe("custom_token_rejected");
    expect(error.providerMessage).toBe("INVALID_CUSTOM_TOKEN");
  });

  it.each([
    ["a 503", async () => new Response("busy", { status: 503 })],
    ["a network failure", async (): Promise<Response> => Promise.reject(new TypeError("connection refused"))],
    ["a 200 without tokens", async () => Response.json({ kind: "x" })],
    ["a 200 that is not JSON", async () => new Response("<html>")],
  ])("reports %s as provider_unavailable", async (_, fetcher) => {
    expect((await idpErrorOf(signInWithCustomToken(fetcher, endpoint, "t"))).code).toBe("provider_unavailable");
  });
});

describe("CustomTokenSigner", () => {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

  it("stamps iat from its clock and exp one hour later, and leaves claims out when there are none", async () => {
    const signer = new CustomTokenSigner(
      { clientEmail: "sa@example.iam", privateKey: pem, tokenUri: null },
      () => 1_800_000_000,
    );
    const payload = decodeJwt(await signer.sign("player"));
    expect(payload).toMatchObject({ uid: "player", iat: 1_800_000_000, exp: 1_800_003_600 });
    expect(payload).not.toHaveProperty("claims");
  });

  it("reports a key that is not RSA PKCS#8 as service_account_invalid without quoting it", async () => {
    const broken = "-----BEGIN PRIVATE KEY-----\nQUJDREVGR0hJSktM\n-----END PRIVATE KEY-----\n";
    const signer = new CustomTokenSigner({ clientEmail: "sa@example.iam", privateKey: broken, tokenUri: null });
    const error = await idpErrorOf(signer.sign("player"));
    expect(error.code).toBe("service_account_invalid");
    expect(error.message).toContain("IDP_SERVICE_ACCOUNT");
    expect(error.message).not.toContain("QUJDREVG");
  });
});
