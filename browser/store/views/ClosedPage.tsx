import type { ComponentChildren } from "preact";
import type { Messages } from "../i18n";

/** The store's title and one message, without the account header: the store is not open to the visitor. */
export function ClosedPage({ t, children }: { t: Messages; children: ComponentChildren }) {
  return (
    <div class="page">
      <header class="header">
        <h1 class="title">{t.title}</h1>
      </header>
      <main class="content">{children}</main>
    </div>
  );
}
