import { describe, expect, it } from "vitest";
import { exchangePublishToken, issuePublishToken, newUser, PASSWORD } from "./auth-support";
import { adminPost, idpPost, providerError, refresh, socialRoundTrip } from "./helpers/dev-idp";

/**
 * Issue 32, part 13: nobody claims an address they do not own through the identity provider. A
 * publish principal's account refuses every update and link (the project's rule for `publish:`
 * uids, docs/decisions/0124-revocation-is-honoured-a-publish-principal.md), and an address set up by someone else is its owner's once the owner
 * signs in with a provider that vouches for it.
 */

const googleSignIn = async (email: string, idToken?: string) => {
  const round = await socialRoundTrip("google.com", email);
  return idpPost("/v1/accounts:signInWithIdp", { ...round, returnSecureToken: true, ...(idToken ? { idToken } : {}) });
};

describe("a publish principal's account cannot claim an address", () => {
  it("refuses accounts:update of email, password or nothing, and linking a social identity", async () => {
    const issuer = await newUser();
    const exchanged = await exchangePublishToken((await issuePublishToken(issuer.idToken)).token);
    const victim = `victim-${crypto.randomUUID()}@example.org`;
    for (const fields of [
      { email: victim },
      { password: "attacker's password" },
      { email: victim, password: "x-secret" },
      {},
    ]) {
      const res = await idpPost("/v1/accounts:update", { idToken: exchanged, returnSecureToken: true, ...fields });
      expect(await providerError(res)).toBe(
        "OPERATION_NOT_ALLOWED : The project allows no change to this account's sign-in methods.",
      );
    }
    const linked = await googleSignIn(`attacker-${crypto.randomUUID()}@example.org`, exchanged);
    expect(await providerError(linked)).toMatch(/^OPERATION_NOT_ALLOWED/);

    // The address's owner signs in with Google and lands on an account of their own, not the principal's.
    const owner = await googleSignIn(victim);
    expect(owner.status).toBe(200);
    const { localId } = await owner.json<{ localId: string }>();
    expect(localId.startsWith("publish:")).toBe(false);
    const ownAccount = await (await adminPost("lookup", { localId: [localId] })).json<{
      users: { email?: string }[];
    }>();
    expect(ownAccount.users[0]?.email).toBe(victim);
  });
});

describe("an ordinary account cannot pre-claim another person's address", () => {
  it("an address signed up by someone else is its owner's at their Google sign-in: password gone, the claimer's sessions ended", async () => {
    const victim = `owner-${crypto.randomUUID()}@example.org`;
    const claim = await idpPost("/v1/accounts:signUp", { email: victim, password: PASSWORD, returnSecureToken: true });
    expect(claim.status).toBe(200);
    const claimer = await claim.json<{ localId: string; refreshToken: string }>();

    const owner = await googleSignIn(victim);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ emailVerified: true, isNewUser: false });

    expect(
      await providerError(await idpPost("/v1/accounts:signInWithPassword", { email: victim, password: PASSWORD })),
    ).toBe("INVALID_PASSWORD");
    expect(await providerError(await refresh(claimer.refreshToken))).toBe("TOKEN_EXPIRED");
    const [account] = (await (await adminPost("lookup", { localId: [claimer.localId] })).json<{ users: unknown[] }>())
      .users;
    expect(account).toMatchObject({ email: victim, emailVerified: true, validSince: expect.any(String) });
  });
});
