import { readClientFile } from "../../../src/code/client-zip";

/** Zips kept in this isolate, newest last; a revision's zip never changes, so no invalidation. */
const cache = new Map<string, Uint8Array>();
const CACHE_BYTES = 40 * 1024 * 1024;

async function clientZip(bucket: R2Bucket, revisionId: string): Promise<Uint8Array | null> {
  const cached = cache.get(revisionId);
  if (cached) {
    cache.delete(revisionId);
    cache.set(revisionId, cached);
    return cached;
  }
  const object = await bucket.get(`${revisionId}/client.zip`);
  if (!object) return null;
  const zip = new Uint8Array(await object.arrayBuffer());
  cache.set(revisionId, zip);
  let total = [...cache.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0);
  for (const [key, bytes] of cache) {
    if (total <= CACHE_BYTES || key === revisionId) break;
    cache.delete(key);
    total -= bytes.byteLength;
  }
  return zip;
}

/** One file of a revision's client zip (path already checked with safeClientPath); null if absent. */
export async function clientFile(bucket: R2Bucket, revisionId: string, path: string): Promise<Uint8Array | null> {
  const zip = await clientZip(bucket, revisionId);
  return zip ? readClientFile(zip, path) : null;
}

/**
 * Scenario pages import the SDK as "/sdk.js" (what `scenario dev` and host apps serve). Under a
 * base URL with a path (local dev: /rooms) that would miss this app, so HTML pages get an import
 * map that sends "/sdk.js" to this app's /sdk.js. It goes first in <head>: an import map must
 * precede every module script.
 */
export function withSdkImportMap(html: string, sdkUrl: string): string {
  const map = `<script type="importmap">${JSON.stringify({ imports: { "/sdk.js": sdkUrl } }).replace(/</g, "\\u003c")}</script>`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return map + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + map + html.slice(at);
}
