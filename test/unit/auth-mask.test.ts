import { describe, expect, it } from "vitest";
import { maskedAccount } from "../../src/auth/mask";

describe("the account shown on the hand-over page", () => {
  it("masks an email to its first letters and the top-level domain", () => {
    expect(maskedAccount({ email: "alice@example.com" }, "uid-1")).toBe("a•••@e•••.com");
    expect(maskedAccount({ email: "bob@mail.example.co.jp" }, "uid-1")).toBe("b•••@m•••.jp");
  });

  it("masks a phone number to its country code and last four digits", () => {
    expect(maskedAccount({ phone_number: "+819012345678" }, "uid-1")).toBe("+81 ••• 5678");
  });

  it("falls back to the end of the uid for an account with neither", () => {
    expect(maskedAccount({}, "abcdefgh1234")).toBe("ID …1234");
  });

  it("never contains the whole address", () => {
    const email = "someone.private@example.org";
    expect(maskedAccount({ email }, "u")).not.toContain("someone");
    expect(maskedAccount({ email }, "u")).not.toContain("example");
  });
});
