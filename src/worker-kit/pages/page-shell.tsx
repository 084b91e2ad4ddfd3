import type { Child } from "hono/jsx";

export interface PageShellProps {
  lang: string;
  title: string;
  /** The app's /assets URL (page-assets.ts): the platform's icon and style.css, then the page's own stylesheet. */
  assetsUrl: string;
  /** The page's own stylesheet under assetsUrl ("login.css"), or several, in order. */
  stylesheet: string | readonly string[];
  /** The meta referrer policy; null: none (a public document). */
  referrer?: "no-referrer" | "same-origin" | null;
  /** What the page's script reads (src/page-configs/), as JSON in a script element with this id. */
  config?: { id: string; value: unknown };
  /** The page's script under assetsUrl: a module, or a classic script run once the page is parsed. */
  script?: { file: string; module: boolean };
  children: Child;
}

/**
 * The one layout of the server-rendered pages (login, hand-over, legal documents, publish tokens,
 * product order, lobby): the head every page has (the platform's icon among it), the platform's
 * base stylesheet before the page's own, and the page's config and script where it has them.
 */
export function PageShell(props: PageShellProps) {
  const referrer = props.referrer === undefined ? "no-referrer" : props.referrer;
  return (
    <html lang={props.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {referrer && <meta name="referrer" content={referrer} />}
        <title>{props.title}</title>
        <link rel="icon" href={`${props.assetsUrl}/favicon.svg`} type="image/svg+xml" />
        <link rel="stylesheet" href={`${props.assetsUrl}/style.css`} />
        {[props.stylesheet].flat().map((file) => (
          <link rel="stylesheet" href={`${props.assetsUrl}/${file}`} />
        ))}
        {props.config && (
          <script
            type="application/json"
            id={props.config.id}
            dangerouslySetInnerHTML={{ __html: jsonForScript(props.config.value) }}
          />
        )}
        {props.script &&
          (props.script.module ? (
            <script type="module" src={`${props.assetsUrl}/${props.script.file}`} />
          ) : (
            <script src={`${props.assetsUrl}/${props.script.file}`} defer />
          ))}
      </head>
      <body>{props.children}</body>
    </html>
  );
}

/** A page as the response body: the doctype, then the rendered page. */
export function pageHtml(page: { toString(): string }): string {
  return `<!doctype html>${page.toString()}`;
}

/** JSON that cannot close its <script> element or open a comment (the one place this escaping is written). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

/** A page of a dev stand-in (the identity provider's, the payment provider's): no assets, its few rules inline. */
export function StandInPage(props: { title: string; style?: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        {props.style && <style>{props.style}</style>}
      </head>
      <body>{props.children}</body>
    </html>
  );
}
