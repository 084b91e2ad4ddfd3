import { buildStorePage } from "./build-store.ts";
import { buildPageScripts } from "./pages.ts";

/** Everything a browser runs that the Worker serves from public/: the store page and the page scripts. */
export async function buildBrowser(): Promise<void> {
  await Promise.all([buildStorePage(), buildPageScripts()]);
}
