import type { Context } from "hono";

/** What a server-rendered page may load and do, for its Content-Security-Policy and referrer policy. */
export interface PagePolicy {
  /** script-src; none: the page runs no script. */
  scripts?: string;
  /** style-src */
  styles: string;
  /** img-src beside the platform's icon (which comes from where the stylesheets do); none: no other image. */
  images?: string;
  /** connect-src; none: the page fetches nothing. */
  connect?: string;
  /** frame-src; none: the page embeds no frame. */
  frames?: string;
  /** form-action; 'none' unless the page posts a form. */
  forms?: string;
  /** referrer-policy; no-referrer unless the page posts a form to itself (same-origin keeps its Origin). */
  referrer?: "no-referrer" | "same-origin";
}

/**
 * The headers of a page that shows something of the user's (a sign-in, a token, a seat): never
 * cached, never framed, no base URL of its own, nothing loaded or run that the policy does not
 * name, no referrer to another site, no content sniffing.
 */
export function pageHeaders(c: Context, policy: PagePolicy): void {
  const directives = [
    "default-src 'none'",
    ...(policy.scripts ? [`script-src ${policy.scripts}`] : []),
    `style-src ${policy.styles}`,
    // The page shell links the platform's icon from the page's assets, beside its stylesheets.
    `img-src ${[...new Set([policy.images, policy.styles].filter(Boolean))].join(" ")}`,
    ...(policy.connect ? [`connect-src ${policy.connect}`] : []),
    ...(policy.frames ? [`frame-src ${policy.frames}`] : []),
    `form-action ${policy.forms ?? "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ];
  c.header("cache-control", "no-store");
  c.header("content-security-policy", directives.join("; "));
  c.header("referrer-policy", policy.referrer ?? "no-referrer");
  c.header("x-content-type-options", "nosniff");
}
