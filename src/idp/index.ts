export type { IdpConfig } from "../config/idp";
export * from "./identity-provider";
