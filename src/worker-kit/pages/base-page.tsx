import type { Context } from "hono";
import { Hono } from "hono";
import { accepts } from "hono/accepts";
import type { AppEnv } from "../app-env";
import { notFound } from "../errors";
import { pageHeaders } from "./page-headers";
import { PageShell, pageHtml } from "./page-shell";

/** One line of a base page: a page to open (href), a URL pattern to fill in (pattern), or a fact. */
export interface BasePageEntry {
  label: string;
  href?: string;
  pattern?: string;
  note?: string;
}

export interface BasePageSection {
  heading: string;
  entries: readonly BasePageEntry[];
  /** Said instead of the list when it is empty ("Nothing is published yet."). */
  empty?: string;
}

export interface BasePageProps {
  lang: string;
  title: string;
  intro: string;
  /** The app's /assets URL (page-assets.ts): the platform's style.css and base-page.css. */
  assetsUrl: string;
  sections: readonly BasePageSection[];
}

/**
 * The page at an app's base URL (/auth, /backend, /rooms; a host's / in stg and prd): what the app
 * is and the pages a person can open there, so a base URL typed or linked leads somewhere.
 */
export function BasePage(props: BasePageProps) {
  return (
    <PageShell lang={props.lang} title={props.title} assetsUrl={props.assetsUrl} stylesheet="base-page.css">
      <main class="base-page">
        <h1>{props.title}</h1>
        <p>{props.intro}</p>
        {props.sections.map((section) => (
          <section>
            <h2>{section.heading}</h2>
            {section.entries.length === 0 && section.empty ? (
              <p>{section.empty}</p>
            ) : (
              <ul>
                {section.entries.map((entry) => (
                  <li>
                    {entry.href ? (
                      <a href={entry.href}>{entry.label}</a>
                    ) : (
                      <span>
                        <strong>{entry.label}</strong>
                        {entry.pattern && (
                          <>
                            {" "}
                            <code>{entry.pattern}</code>
                          </>
                        )}
                      </span>
                    )}
                    {entry.note && <span class="note">{entry.note}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </main>
    </PageShell>
  );
}

/**
 * GET / and GET /{nothing} (the base URL with and without its slash): a browser (Accept prefers
 * text/html) gets the app's base page; any other client keeps the JSON 404 every unknown path
 * answers, so nothing changes for programs.
 */
export function basePageRoutes<E extends AppEnv>(
  render: (c: Context<E>) => BasePageProps | Promise<BasePageProps>,
): Hono<E> {
  const answer = async (c: Context<E>) => {
    c.header("vary", "accept, accept-language");
    const wanted = accepts(c, {
      header: "Accept",
      supports: ["application/json", "text/html"],
      default: "application/json",
    });
    if (wanted !== "text/html") {
      const response = notFound(c);
      response.headers.set("vary", "accept, accept-language");
      return response;
    }
    const props = await render(c);
    pageHeaders(c, { styles: `${props.assetsUrl}/` });
    return c.html(pageHtml(<BasePage {...props} />));
  };
  // Hono joins an app's "/" to its base path without the slash; the empty parameter is the slash.
  return new Hono<E>().get("/", answer).get("/:slash{.{0}}", answer);
}
