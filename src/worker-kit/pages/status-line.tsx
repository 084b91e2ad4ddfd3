/**
 * A page's status line: a notice (role=status, read out politely: "Token created.") and an error
 * (role=alert, read out at once) in one place on the page. The two share one line that the base
 * stylesheet (public/_platform/style.css) keeps reserved while they are empty, so a message that
 * appears or goes never moves what is below it. browser/pages/kit/status-line.ts writes them.
 */
export function StatusLine(props: { notice?: string; error?: string }) {
  return (
    <div class="status-line">
      <p id="status" role="status" class="status notice">
        {props.notice ?? ""}
      </p>
      <p id="error" role="alert" class="status error">
        {props.error ?? ""}
      </p>
    </div>
  );
}
