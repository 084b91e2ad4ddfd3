/** Vitest global setup: the store page and the page scripts are built before the Worker serves them (public/). */
import { buildBrowser } from "../tools/build/browser.ts";

export default async function setup(): Promise<void> {
  await buildBrowser();
}
