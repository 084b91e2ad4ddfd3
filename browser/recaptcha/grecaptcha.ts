/**
 * The part of reCAPTCHA v2's JavaScript API (`window.grecaptcha`, explicit rendering) the login
 * page uses: Google's api.js in stg and prd, the dev IdP's stand-in (browser/dev-idp/) in dev.
 */
export interface RecaptchaParameters {
  sitekey: string;
  size: "invisible";
  /** Where the invisible widget's badge sits; "inline" keeps it in its container. */
  badge?: "bottomright" | "bottomleft" | "inline";
  /** Called with the response token once the check is solved. */
  callback: (token: string) => void;
  /** Called when the response token expired (two minutes) before it was used. */
  "expired-callback": () => void;
  /** Called when the check cannot run (network, an invalid site key). */
  "error-callback": () => void;
}

export interface Grecaptcha {
  /** Renders a widget into the container; its id is what the other calls take. */
  render(container: HTMLElement, parameters: RecaptchaParameters): number;
  /** Runs the invisible check; the widget's callback receives the token. */
  execute(widgetId: number): void;
  /** Forgets the widget's response; the next execute makes a new one. */
  reset(widgetId: number): void;
  getResponse(widgetId: number): string;
}

/** The global the script defines. */
export type WithGrecaptcha = typeof globalThis & { grecaptcha?: Grecaptcha };
