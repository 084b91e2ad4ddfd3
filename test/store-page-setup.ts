/** Vitest global setup: the store page is built before the Worker serves it (public/store/). */
import { buildStorePage } from "../tools/build/build-store.ts";

export default async function setup(): Promise<void> {
  await buildStorePage();
}
