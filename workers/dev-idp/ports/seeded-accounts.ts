import { SEED_PASSWORD, SEED_USERS } from "../seed";

/** A seeded dev account as the login page's dev account picker offers it. */
export interface SeededAccount {
  email: string;
  /** Its custom claims, by name ("admin"); empty for a plain user. */
  claims: string[];
}

/**
 * What the dev IdP offers the sign-in service in dev (docs/sign-in-dev.md, "Seeded accounts"):
 * the accounts every fresh dev setup has and their shared password, so the login page can sign in
 * as any of them on any client. Never used outside dev: the dev IdP exists only there.
 */
export const seededAccounts = {
  password: SEED_PASSWORD,
  accounts: SEED_USERS.map(
    (user): SeededAccount => ({
      email: user.email ?? "",
      claims: Object.keys(user.customClaims),
    }),
  ),
};
