import { createApp } from "../shared/create-app";

/** Local stand-in of the identity provider (dev only). */
export function createDevIdpApp() {
  return createApp("dev-idp");
}
