import type { StoreClientConfig } from "../../src/store/api";
import { exchangeCustomToken } from "../sign-in/custom-token";
import { refreshIdToken } from "../sign-in/refresh-token";
import { CUSTOM_TOKEN_PARAM, createSpaAuth, type SpaAuth } from "../sign-in/spa-client";

interface StoredTokens {
  idToken: string;
  refreshToken: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const TOKENS_KEY = "store.tokens";
/** Set by Sign out: this tab shows the store's signed-out view instead of going to sign-in. */
const SIGNED_OUT_KEY = "store.signedOut";
/** Refresh this long before the ID token expires, so a request never carries a dying token. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * The store's thin sign-in client (document 2, Authentication 1): the custom token from the
 * sign-in service becomes an ID token at the identity provider; the tokens live in this tab's
 * sessionStorage (a new tab signs in again through the SSO session, without a form).
 */
export class StoreSession {
  readonly auth: SpaAuth;

  /** `locale`: the page's language now, which the login page is asked to speak (ui_locales). */
  constructor(
    private readonly config: StoreClientConfig,
    locale: () => string,
  ) {
    this.auth = createSpaAuth({
      authUrl: config.authUrl,
      clientId: config.clientId,
      signInWithCustomToken: (token) => this.signInWithCustomToken(token),
      isSignedIn: () => this.read() !== null,
      signOut: async () => sessionStorage.removeItem(TOKENS_KEY),
      uiLocales: locale,
      // The store honours re-consent: documents revised since the user accepted them send the
      // user through /login, which asks for them, before the store opens.
      idToken: () => this.idToken(),
    });
  }

  /** A valid ID token, refreshed when it is about to expire; null when signed out. */
  async idToken(): Promise<string | null> {
    const tokens = this.read();
    if (!tokens) return null;
    if (tokens.expiresAt - REFRESH_MARGIN_MS > Date.now()) return tokens.idToken;
    return this.refresh(tokens.refreshToken);
  }

  /** This tab signed out, and no sign-in (a custom token in the URL) has come since. */
  isSignedOut(): boolean {
    return (
      sessionStorage.getItem(SIGNED_OUT_KEY) !== null &&
      !new URL(window.location.href).searchParams.has(CUSTOM_TOKEN_PARAM)
    );
  }

  /** Ends the SSO session and comes back to `storeUrl`, which then shows the signed-out view. */
  async signOut(storeUrl: string): Promise<void> {
    sessionStorage.setItem(SIGNED_OUT_KEY, "1");
    await this.auth.logout(storeUrl);
  }

  /** From the signed-out view: to the sign-in page, which brings the visitor back here. */
  signIn(): void {
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    window.location.assign(this.auth.loginUrl());
  }

  /** Forgets the tokens and sends the visitor through sign-in again (SSO brings them back). */
  signInAgain(): void {
    sessionStorage.removeItem(TOKENS_KEY);
    window.location.assign(this.auth.loginUrl());
  }

  private async signInWithCustomToken(customToken: string): Promise<void> {
    const signedIn = await exchangeCustomToken(this.config.idp, customToken);
    if (!signedIn) throw new Error("sign-in refused");
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    this.write(signedIn.idToken, signedIn.refreshToken, Number(signedIn.expiresIn));
  }

  private async refresh(refreshToken: string): Promise<string | null> {
    const refreshed = await refreshIdToken(this.config.idp, refreshToken);
    if (!refreshed) {
      sessionStorage.removeItem(TOKENS_KEY);
      return null;
    }
    this.write(refreshed.idToken, refreshed.refreshToken, Number(refreshed.expiresIn));
    return refreshed.idToken;
  }

  private write(idToken: string, refreshToken: string, expiresInSeconds: number): void {
    const tokens: StoredTokens = { idToken, refreshToken, expiresAt: Date.now() + expiresInSeconds * 1000 };
    sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
  }

  private read(): StoredTokens | null {
    try {
      const tokens = JSON.parse(sessionStorage.getItem(TOKENS_KEY) ?? "null") as StoredTokens | null;
      return tokens && typeof tokens.idToken === "string" ? tokens : null;
    } catch {
      return null;
    }
  }
}
