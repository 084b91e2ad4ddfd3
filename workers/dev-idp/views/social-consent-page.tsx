import { pageHtml, StandInPage } from "../../../src/worker-kit/pages/page-shell";

/** The dev IdP's stand-in for a social provider's sign-in screen: type the email to be. */
export function socialConsentPage(props: { providerId: string; sessionId: string }) {
  return pageHtml(
    <StandInPage title={`Dev sign-in: ${props.providerId}`}>
      <h1>Sign in with {props.providerId}</h1>
      <p>Local stand-in of the social provider (dev only). No password: any email signs in.</p>
      <form method="post">
        <input type="hidden" name="sessionId" value={props.sessionId} />
        <label>
          Email <input type="email" name="email" required autofocus value="social@example.org" />
        </label>
        <button type="submit">Continue</button>
      </form>
    </StandInPage>,
  );
}
