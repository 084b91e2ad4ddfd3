/**
 * What a server-rendered page hands its browser script, as JSON in a
 * `<script type="application/json">` element: the contract between the page's view (under
 * workers/) and its script (under browser/pages/), both of which import it.
 */

/** A page that signs in like a web client (src/worker-kit/pages/signed-in-page.ts). */
export interface SignedInPageConfig {
  idpApiUrl: string;
  idpApiKey: string;
  /** /login of the sign-in service with the page's client_id and the page as redirect_uri. */
  loginUrl: string;
  /** /api/logout of the sign-in service with the page as redirect_uri: signs out, then /login shows again. */
  logoutUrl: string;
}
