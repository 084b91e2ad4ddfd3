import type { Operator } from "../../console/console-env";
import { ConsoleLayout, type ConsoleLinks } from "./console-layout";

/** Titles of the refusals a person meets; any other code is "Request refused". */
const TITLES: Record<string, string> = {
  admin_required: "Operators only",
  publish_token_not_allowed: "Operators only",
  cross_origin: "Request refused",
  csrf_invalid: "Request refused",
  idp_unavailable: "Try again",
  reason_required: "A reason is needed",
  not_found: "Not found",
};

/**
 * A refusal or failure of the console as a page, with its status: the stable code, the sentence,
 * the request id to quote, and the way on (back to the page, or another account for a refusal).
 */
export function ConsoleErrorPage(props: {
  links: ConsoleLinks;
  operator: Operator | null;
  code: string;
  message: string;
  requestId: string | undefined;
  /** "Use another account": the sign-in service's logout, back to the console. */
  anotherAccountUrl: string | null;
  /** The page to go back to. */
  backUrl: string | null;
}) {
  return (
    <ConsoleLayout
      title={TITLES[props.code] ?? "Request refused"}
      section={null}
      links={props.links}
      operator={props.operator}
    >
      <div class="refusal" role="alert">
        <p>{props.message}</p>
        <p class="code">
          Code <code>{props.code}</code>
          {props.requestId && (
            <span>
              {" "}
              · request <code>{props.requestId}</code>
            </span>
          )}
        </p>
      </div>
      <ul class="ways">
        {props.backUrl && (
          <li>
            <a href={props.backUrl}>Back to the page</a>
          </li>
        )}
        {props.anotherAccountUrl && (
          <li>
            <a href={props.anotherAccountUrl}>Use another account</a>
          </li>
        )}
      </ul>
    </ConsoleLayout>
  );
}
