/**
 * Who is signed in on a signed-in page, and the way to another account: the sign-in service's
 * logout ends the SSO session first (otherwise /login would bring the same account straight back)
 * and returns to the page, which then shows the sign-in page. Hidden until the page has signed in
 * (browser/pages/kit/account-line.ts).
 */
export function AccountLine(props: { logoutUrl: string }) {
  return (
    <p id="account" class="account" hidden>
      <span id="account-name" /> <a href={props.logoutUrl}>Use another account</a>
    </p>
  );
}
