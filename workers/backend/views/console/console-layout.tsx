import type { Child } from "hono/jsx";
import { PageShell } from "../../../../src/worker-kit/pages/page-shell";
import type { Operator } from "../../console/console-env";
import { CsrfField } from "./parts";

/** Where every console page links: its base URLs, built once per request by the route. */
export interface ConsoleLinks {
  /** {API_URL}/assets */
  assets: string;
  /** {API_URL}/admin/ */
  home: string;
  notices: string;
  rooms: string;
  audit: string;
  signOut: string;
  /** A user's page. */
  user: (uid: string) => string;
}

export type ConsoleSection = "search" | "notices" | "rooms" | "audit";

const NAV: { section: ConsoleSection; label: string; href: (links: ConsoleLinks) => string }[] = [
  { section: "search", label: "Find a user", href: (links) => links.home },
  { section: "notices", label: "Notices", href: (links) => links.notices },
  { section: "rooms", label: "Rooms", href: (links) => links.rooms },
  { section: "audit", label: "Audit trail", href: (links) => links.audit },
];

/**
 * The one layout of the console's pages: the page kit's shell (the platform's style, then the
 * console's), a skip link, the sections, who is signed in with a sign-out form, the page's
 * status line (a notice after an action, read out politely), then the page. No script runs.
 */
export function ConsoleLayout(props: {
  title: string;
  section: ConsoleSection | null;
  links: ConsoleLinks;
  operator: Operator | null;
  notice?: string | null;
  children: Child;
}) {
  const { links, operator } = props;
  return (
    <PageShell
      lang="en"
      title={`${props.title} · Operator console`}
      assetsUrl={links.assets}
      stylesheet="console.css"
      referrer="same-origin"
    >
      <a class="skip" href="#main">
        Skip to the page
      </a>
      <header class="console-header">
        <p class="console-name">Operator console</p>
        {operator && (
          <nav aria-label="Console">
            <ul>
              {NAV.map((item) => (
                <li>
                  <a href={item.href(links)} aria-current={item.section === props.section ? "page" : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {operator && (
          <form method="post" action={links.signOut} class="account">
            <span>Signed in as {operator.email ?? operator.uid}.</span> <CsrfField token={operator.csrf} />
            <button type="submit" class="link">
              Sign out
            </button>
          </form>
        )}
      </header>
      <main id="main" tabindex={-1}>
        <h1>{props.title}</h1>
        <div class="status-line">
          <p id="status" role="status" class="status notice">
            {props.notice ?? ""}
          </p>
        </div>
        {props.children}
      </main>
    </PageShell>
  );
}
