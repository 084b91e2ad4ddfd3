/**
 * Known defects of the identity provider's client library (document 1, knownIssue): a failure
 * that matches one is tagged, so the funnel can tell them from our own failures.
 */
export interface KnownIssue {
  tag: string;
  /** What the defect looks like; why it is known. */
  matches(error: { code?: string; message?: string }): boolean;
}

export const KNOWN_ISSUES: readonly KnownIssue[] = [
  {
    // Redirect sign-in loses its state where the browser partitions storage (Safari ITP, in-app browsers).
    tag: "redirect-missing-initial-state",
    matches: (e) => e.code === "auth/missing-initial-state" || /missing initial state/i.test(e.message ?? ""),
  },
  {
    // reCAPTCHA's expired-callback never fires, so an expired challenge surfaces as a failed send_code.
    tag: "recaptcha-expired-callback",
    matches: (e) => e.code === "auth/captcha-check-failed" || /recaptcha.*expired/i.test(e.message ?? ""),
  },
  {
    // reCAPTCHA fails with an internal error when re-rendered into a container it already used.
    tag: "recaptcha-internal-error",
    matches: (e) => e.code === "auth/internal-error" && /recaptcha/i.test(e.message ?? ""),
  },
  {
    // Third-party storage blocked: the library cannot keep its session, whatever the user does.
    tag: "web-storage-unsupported",
    matches: (e) => e.code === "auth/web-storage-unsupported",
  },
];

export function knownIssueOf(error: { code?: string; message?: string } | undefined): string | null {
  if (!error) return null;
  return KNOWN_ISSUES.find((issue) => issue.matches(error))?.tag ?? null;
}
