import type { DevAccounts } from "../../../src/auth/dev-accounts";
import { SEED_PASSWORD, SEED_USERS } from "../seed";

/**
 * What the dev IdP offers the sign-in service in dev (docs/sign-in-dev.md, "Seeded accounts"):
 * the accounts every fresh dev setup has and their shared password, so the login page can sign in
 * as any of them on any client. Handed to the auth app by the dev build only (platform/index.ts).
 */
export const seededAccounts: DevAccounts = {
  password: SEED_PASSWORD,
  accounts: SEED_USERS.map((user) => ({ email: user.email ?? "", claims: Object.keys(user.customClaims) })),
};
