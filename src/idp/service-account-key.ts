import { importPKCS8 } from "jose";
import type { ServiceAccount } from "../config/idp";
import { IdpError } from "./identity-provider";

/**
 * The service account's private key, imported once: it signs the custom tokens and the OAuth 2.0
 * assertions of the provider's admin calls.
 */
export class ServiceAccountKey {
  private key: Promise<CryptoKey> | undefined;
  readonly serviceAccount: ServiceAccount;

  constructor(serviceAccount: ServiceAccount) {
    this.serviceAccount = serviceAccount;
  }

  privateKey(): Promise<CryptoKey> {
    this.key ??= importPKCS8(this.serviceAccount.privateKey, "RS256").catch((error: unknown) => {
      this.key = undefined;
      // The PEM itself must not reach a message or a log.
      throw new IdpError(
        "service_account_invalid",
        `IDP_SERVICE_ACCOUNT private_key could not be imported as an RSA key (${error instanceof Error ? error.name : "error"}).`,
      );
    });
    return this.key;
  }
}
