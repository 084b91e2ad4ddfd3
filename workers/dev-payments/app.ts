import { createApp } from "../shared/create-app";

/** Local stand-in of the payment provider (dev only). */
export function createDevPaymentsApp() {
  return createApp("dev-payments");
}
