import type { SignedInPageConfig } from "./signed-in";

/** The operator console's sign-in page (workers/backend): where to sign in; the form it posts the ID token with. */
export type ConsoleSignInPageConfig = SignedInPageConfig;

/** The element that holds the config. */
export const CONSOLE_SIGN_IN_CONFIG_ID = "console-sign-in-config";
