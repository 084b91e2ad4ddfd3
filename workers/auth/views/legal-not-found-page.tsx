import { PageShell } from "../../../src/worker-kit/pages/page-shell";
import type { KnownDocument } from "../legal-documents";

/**
 * The page a browser gets for /legal/{key}/latest with a key that names no document (a mistyped
 * or outdated link): what happened, and the documents there are.
 */
export function LegalNotFoundPage(props: { documentKey: string; assetsUrl: string; documents: KnownDocument[] }) {
  return (
    <PageShell lang="en" title="No such document" assetsUrl={props.assetsUrl} stylesheet="login.css" referrer={null}>
      <main class="card legal">
        <h1>No such document</h1>
        <p>
          There is no legal document called <code>{props.documentKey}</code>. The link may be mistyped or out of date.
        </p>
        <h2>Our documents</h2>
        <ul>
          {props.documents.map((doc) => (
            <li>
              <a href={doc.url}>{doc.title}</a>
            </li>
          ))}
        </ul>
      </main>
    </PageShell>
  );
}
