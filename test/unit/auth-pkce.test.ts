import { describe, expect, it } from "vitest";
import { isValidCodeVerifier, isValidS256Challenge, s256Challenge, verifierMatches } from "../../src/auth/pkce";

// RFC 7636 appendix B.
const RFC_VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const RFC_CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

describe("PKCE S256", () => {
  it("computes the challenge of RFC 7636 appendix B", async () => {
    expect(await s256Challenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(isValidS256Challenge(RFC_CHALLENGE)).toBe(true);
  });

  it("accepts the matching verifier and refuses any other", async () => {
    expect(await verifierMatches(RFC_VERIFIER, RFC_CHALLENGE)).toBe(true);
    expect(await verifierMatches(`${RFC_VERIFIER.slice(0, -1)}Y`, RFC_CHALLENGE)).toBe(false);
  });

  it("accepts verifiers of 43 to 128 characters of the unreserved set only", () => {
    expect(isValidCodeVerifier("a".repeat(43))).toBe(true);
    expect(isValidCodeVerifier(`${"A-._~".repeat(25)}abc`)).toBe(true);
    expect(isValidCodeVerifier("a".repeat(42))).toBe(false);
    expect(isValidCodeVerifier("a".repeat(129))).toBe(false);
    expect(isValidCodeVerifier(`${"a".repeat(42)}+`)).toBe(false);
    expect(isValidCodeVerifier(`${"a".repeat(42)}=`)).toBe(false);
    expect(isValidCodeVerifier(`${"a".repeat(42)} `)).toBe(false);
  });

  it("refuses a malformed verifier even when it would hash to the challenge", async () => {
    const short = "abc";
    expect(await verifierMatches(short, await s256Challenge(short))).toBe(false);
  });

  it("refuses challenges that are not 43 base64url characters (plain or padded)", () => {
    expect(isValidS256Challenge(`${RFC_CHALLENGE}=`)).toBe(false);
    expect(isValidS256Challenge(RFC_CHALLENGE.slice(1))).toBe(false);
    expect(isValidS256Challenge(RFC_CHALLENGE.replace("-", "+"))).toBe(false);
  });
});
