import type { Operator } from "../../console/console-env";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";

/** The console's start: one search field for a user id, an email address or a payment intent id. */
export function SearchPage(props: {
  links: ConsoleLinks;
  operator: Operator;
  query: string;
  /** Set when a search found nothing: what was looked for. */
  miss: string | null;
}) {
  return (
    <ConsoleLayout title="Find a user" section="search" links={props.links} operator={props.operator}>
      <form method="get" action={props.links.home} class="search">
        <label for="q">User id, email address or payment intent id (pi_…)</label>
        <div class="row">
          <input id="q" name="q" value={props.query} required maxlength={320} autocomplete="off" spellcheck={false} />
          <button type="submit">Find</button>
        </div>
      </form>
      {props.miss !== null && (
        <p class="miss" role="alert">
          Nothing matches <strong>{props.miss}</strong>: no account at the identity provider, no user of the backend and
          no payment at the payment provider has it.
        </p>
      )}
      <p>
        A user's page shows their account, sessions, publish tokens, consent records, coins (every deposit, refund,
        dispute and bonus, and the balance they add up to) and recent sign-in events, with what an operator can do about
        them.
      </p>
    </ConsoleLayout>
  );
}
