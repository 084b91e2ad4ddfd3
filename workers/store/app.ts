import { createApp } from "../shared/create-app";

/** Browser coin store (document 2): checkout, session status, products, the SPA. */
export function createStoreApp() {
  return createApp("store");
}
