/**
 * Scenario pages import the SDK as "/sdk.js" (what `scenario dev` and host apps serve). Under a
 * base URL with a path (local dev: /rooms) that would miss this app, so HTML pages get an import
 * map that sends "/sdk.js" to this app's /sdk.js. An import map must precede every module script:
 * it goes first in <head>, or before the first element when the page has no <head> tag (a script
 * there opens the implied head). HTMLRewriter does it as the page streams from R2, so a page is
 * never held in memory whole.
 */
export function withSdkImportMap(page: ReadableStream, sdkUrl: string): ReadableStream {
  const map = `<script type="importmap">${JSON.stringify({ imports: { "/sdk.js": sdkUrl } }).replace(/</g, "\\u003c")}</script>`;
  let placed = false;
  const rewritten = new HTMLRewriter()
    .on("*", {
      element(element) {
        if (placed || element.tagName === "html") return;
        placed = true;
        if (element.tagName === "head") element.prepend(map, { html: true });
        else element.before(map, { html: true });
      },
    })
    .transform(new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } }));
  return rewritten.body ?? new ReadableStream();
}
