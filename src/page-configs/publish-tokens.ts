import type { SignedInPageConfig } from "./signed-in";

/** The publish-token page (workers/auth): where to sign in, and the token API. */
export interface PublishTokensPageConfig extends SignedInPageConfig {
  /** …/api/publish-tokens */
  apiUrl: string;
  /**
   * What `scenario login --platform` takes for this platform (its sign-in service's origin): the
   * page writes `npx scenario login --token <new token> --platform <this>` beside the new token.
   */
  platformUrl: string;
}

/** The element that holds the config. */
export const PUBLISH_TOKENS_CONFIG_ID = "publish-tokens-config";
