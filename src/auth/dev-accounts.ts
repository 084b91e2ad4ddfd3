/** An account the login page's dev account picker offers. */
export interface DevAccount {
  email: string;
  /** Its custom claims, by name ("admin"); empty for a plain user. */
  claims: string[];
}

/**
 * What the dev build hands the sign-in service so its login page can sign in as any seeded
 * account of the dev identity provider (docs/sign-in-dev.md). The stg/prd build hands nothing.
 */
export interface DevAccounts {
  password: string;
  accounts: readonly DevAccount[];
}
