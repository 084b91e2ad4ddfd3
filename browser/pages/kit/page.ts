/**
 * What every page script starts from: its config, which the server rendered as JSON into a
 * `<script type="application/json">` element (src/page-configs/), and its elements by id.
 */

/** The page's config, read once from the element the server rendered it into. */
export function pageConfig<Config>(id: string): Config {
  return JSON.parse(byId(id).textContent ?? "null") as Config;
}

/** The element with this id, of the expected kind; a page without it is a broken page. */
export function byId<Kind extends HTMLElement = HTMLElement>(
  id: string,
  kind: new () => Kind = HTMLElement as unknown as new () => Kind,
): Kind {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`The page has no ${kind.name} #${id}.`);
  return element;
}

/** The message of a failure, for the page's status line. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
